import styled from '@emotion/styled';
import { controlStyle } from './control-style';

/** Selects and inputs that stand alone in a toolbar (filters), styled like a Field's. */
const toolbarControl = `
  ${controlStyle}
  padding-block: 0.5rem;
  padding-inline: 0.75rem;
  max-inline-size: 100%;
`;

export const Select = styled.select`
  ${toolbarControl}
`;

export const TextInput = styled.input`
  ${toolbarControl}
`;
