import styled from '@emotion/styled';
import { theme } from '../../styles/theme';
import { bareList } from './list-style';

/**
 * Pieces the customer area's screens share (charging, cards, wallet): a status chip, a vertical stack, a list of boxed lines,
 * a list of facts (term, value), a wrapping row and a day's heading.
 */
export type Tone = 'ok' | 'busy' | 'bad' | 'info' | 'idle';
const toneColor: Record<Tone, string> = {
  ok: theme.color.available,
  busy: theme.color.busy,
  bad: theme.color.danger,
  info: theme.color.primary,
  idle: theme.color.muted,
};

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

export const Lines = styled.ul`
  ${bareList}
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

/** Items in a wrapping line; `spread` pushes the first and last to the two ends (a name and its amount). */
export const Row = styled.div<{ spread?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  ${(p) => (p.spread ? 'justify-content: space-between;' : '')}
`;

/** A day's heading above its lines (the wallet's days, the notifications' days). */
export const DayHeading = styled.h2`
  font-size: 1.05rem;
  margin-block: 1rem 0.5rem;
  color: ${theme.color.primaryDark};
`;
