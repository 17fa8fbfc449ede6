import styled from '@emotion/styled';
import { useIntl } from 'react-intl';
import { theme } from '../../styles/theme';

// The staff screens' state chips: every context names its statuses with them (sessions, bookings, card requests,
// charger states, event links), so one look and one contrast rule hold across the panel.

/** Colours of a state chip: a light background with dark text (contrast ≥ 4.5:1); the text always names the state. */
const TONES = {
  ok: { bg: '#dcfce7', fg: '#166534' },
  busy: { bg: '#fef3c7', fg: '#92400e' },
  active: { bg: '#dbeafe', fg: '#1e40af' },
  bad: { bg: theme.color.dangerLight, fg: theme.color.danger },
  idle: { bg: '#e2e8f0', fg: '#334155' },
} as const;
export type Tone = keyof typeof TONES;

/** A state chip: colour plus the state's name in words. */
export const Chip = styled.span<{ tone: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  border-radius: 999px;
  padding-inline: 0.6rem;
  font-size: 0.85rem;
  white-space: nowrap;
  background: ${(p) => TONES[p.tone].bg};
  color: ${(p) => TONES[p.tone].fg};
  &::before {
    content: '';
    inline-size: 0.5rem;
    block-size: 0.5rem;
    border-radius: 50%;
    background: currentColor;
  }
`;

/** Online / offline badge of a charger (colour plus text). */
export function OnlineBadge({ online }: { online: boolean }) {
  const intl = useIntl();
  return (
    <Chip tone={online ? 'ok' : 'idle'} data-online={online}>
      {intl.formatMessage({ id: online ? 'charger.online' : 'charger.offline' })}
    </Chip>
  );
}
