// i18n-catalog: app — the customer area's card screens.
import styled from '@emotion/styled';
import { useIntl } from 'react-intl';
import type { CardRequestStatus, CardStatus } from '@evc/contracts/cards/schemas';
import { useLocale } from '../../../hooks/use-locale';
import { intlLocale } from '../../../lib/format';
import { formatDay } from '../../../lib/format-day';
import { theme } from '../../../styles/theme';

type Tone = 'ok' | 'busy' | 'bad' | 'info' | 'idle';
const toneColor: Record<Tone, string> = { ok: theme.color.available, busy: theme.color.busy, bad: theme.color.danger, info: theme.color.primary, idle: theme.color.muted };

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

export const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  > li {
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.sm};
    padding-block: 0.75rem;
    padding-inline: 1rem;
    background: ${theme.color.surface};
    display: grid;
    gap: 0.5rem;
  }
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.3rem 1.25rem;
  margin: 0;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
`;

export const Notice = styled.p`
  border-inline-start: 4px solid ${theme.color.busy};
  background: ${theme.color.primaryLight};
  padding-block: 0.5rem;
  padding-inline: 0.75rem;
  margin: 0;
  border-radius: ${theme.radius.sm};
`;

const REQUEST_TONES: Record<CardRequestStatus, Tone> = {
  requested: 'info',
  in_progress: 'busy',
  needs_action: 'bad',
  in_delivery: 'busy',
  delivered: 'ok',
  rejected: 'bad',
  canceled: 'idle',
};

/** A request's status as a chip: colour and words (a linked card's "delivered" reads "verified"). */
export function RequestStatusChip({ status, kind }: { status: CardRequestStatus; kind: 'new' | 'link' }) {
  const intl = useIntl();
  const id = kind === 'link' && status === 'delivered' ? 'cards.status.verified' : `cards.status.${status}`;
  return (
    <Chip tone={REQUEST_TONES[status]} data-status={status}>
      {intl.formatMessage({ id })}
    </Chip>
  );
}

export function CardStatusChip({ status }: { status: CardStatus }) {
  const intl = useIntl();
  return (
    <Chip tone={status === 'active' ? 'ok' : 'idle'} data-status={status}>
      {intl.formatMessage({ id: `cards.cardStatus.${status}` })}
    </Chip>
  );
}

/** Dates as a person in Egypt reads them: instants in Cairo time, calendar days as they are. */
export function useCardDates() {
  const locale = useLocale();
  return {
    dateTime: (iso: string) => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Cairo' }).format(new Date(iso)),
    day: (date: string) => formatDay(date, locale),
  };
}
