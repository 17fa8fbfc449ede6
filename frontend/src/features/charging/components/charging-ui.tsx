import styled from '@emotion/styled';
import { theme } from '../../../styles/theme';

export type Tone = 'ok' | 'busy' | 'bad' | 'info';
const toneColor: Record<Tone, string> = { ok: theme.color.available, busy: theme.color.busy, bad: theme.color.danger, info: theme.color.primary };

/** A small coloured status label (session status, wallet direction). */
export const Chip = styled.span<{ tone: Tone }>`
  display: inline-block;
  padding-block: 0.15rem;
  padding-inline: 0.6rem;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 700;
  color: #fff;
  background: ${(p) => toneColor[p.tone]};
`;

export const Stack = styled.div`
  display: grid;
  gap: 1rem;
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.4rem 1.5rem;
  margin: 0;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
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

export const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
  li {
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.sm};
    padding-block: 0.6rem;
    padding-inline: 0.9rem;
    background: ${theme.color.surface};
  }
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
