import styled from '@emotion/styled';
import { theme } from '../../../styles/theme';

// Shared with the cards and wallet screens: see components/ui/status-parts.tsx.
export { Chip, DayHeading, Facts, Lines, Row, Stack, type Tone } from '../../../components/ui/status-parts';

export const Problem = styled.div`
  border-inline-start: 4px solid ${theme.color.danger};
  background: ${theme.color.dangerLight};
  padding-block: 0.75rem;
  padding-inline: 1rem;
  border-radius: ${theme.radius.sm};
  display: grid;
  gap: 0.5rem;
`;

/** A fieldset whose legend reads like a form label. */
export const Group = styled.fieldset`
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  padding-block: 0.75rem;
  padding-inline: 1rem;
  display: grid;
  gap: 0.5rem;
  legend {
    font-weight: 700;
    padding-inline: 0.25rem;
  }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
`;
