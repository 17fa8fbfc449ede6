import styled from '@emotion/styled';
import { theme } from '../../styles/theme';

/** The look of a Field's controls, for selects and inputs that stand alone in a toolbar (filters). */
const control = `
  font: inherit;
  padding-block: 0.5rem;
  padding-inline: 0.75rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  background: #fff;
  color: inherit;
  max-inline-size: 100%;
  &[aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`;

export const Select = styled.select`
  ${control}
`;

export const TextInput = styled.input`
  ${control}
`;
