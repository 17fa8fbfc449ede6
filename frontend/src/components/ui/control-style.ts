import { theme } from '../../styles/theme';

/** The look of the product's inputs and selects: in a Field, and alone in a toolbar (controls.tsx). */
export const controlStyle = `
  font: inherit;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  background: #fff;
  color: inherit;
  &[aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`;
