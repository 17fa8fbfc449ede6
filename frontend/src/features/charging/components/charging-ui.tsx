import styled from '@emotion/styled';
import { theme } from '../../../styles/theme';

// Shared with the cards screens: see components/ui/status-parts.tsx.
export { Chip, Facts, Lines, Stack, type Tone } from '../../../components/ui/status-parts';

/** Items in a wrapping line; `spread` pushes the first and last to the two ends (a name and its amount). */
export const Row = styled.div<{ spread?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  ${(p) => (p.spread ? 'justify-content: space-between;' : '')}
`;

export const Problem = styled.div`
  border-inline-start: 4px solid ${theme.color.danger};
  background: ${theme.color.dangerLight};
  padding-block: 0.75rem;
  padding-inline: 1rem;
  border-radius: ${theme.radius.sm};
  display: grid;
  gap: 0.5rem;
`;

export const DayHeading = styled.h2`
  font-size: 1.05rem;
  margin-block: 1rem 0.5rem;
  color: ${theme.color.primaryDark};
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
