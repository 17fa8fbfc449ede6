// i18n-catalog: app — the customer area's card screens.
import styled from '@emotion/styled';
import { useState, type ReactNode } from 'react';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import type { CardRequestStatus, CardStatus } from '@evc/contracts/cards';
import { useLocale } from '../../../hooks/use-locale';
import { formatCairo } from '../../../lib/cairo-time';
import { formatDay } from '../../../lib/format-day';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { pushToastAtom } from '../../../stores/toast-state';
import { Chip, Lines as SharedLines, type Tone } from '../../../components/ui/status-parts';
import { Spinner } from '../../../components/ui/spinner';
import { theme } from '../../../styles/theme';

export { Facts, Stack } from '../../../components/ui/status-parts';

/** The request's lines: each a box of rows; a line's own history list is not boxed again. */
export const Lines = styled(SharedLines)`
  gap: 0.75rem;
  > li {
    display: grid;
    gap: 0.5rem;
  }
  li li {
    border: none;
    padding: 0;
    background: none;
  }
`;

/** A line's heading: the name and status at the start, its action pushed to the end. */
export const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
`;

export const Spacer = styled.span`
  flex: 1;
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
    dateTime: (iso: string) => formatCairo(iso, locale),
    day: (date: string) => formatDay(date, locale),
  };
}

/** A failed request in the page's language. */
export function useErrorText() {
  const intl = useIntl();
  return (error: unknown) => translateErrorCode(intl, error instanceof ApiRequestError ? error.code : 'server.error');
}

/** The outcome of a confirmed card action as a toast: the success message, or the error in words; then `after`. */
export function useActionToasts() {
  const intl = useIntl();
  const pushToast = useSetAtom(pushToastAtom);
  const errorText = useErrorText();
  return (successId: string, after: () => void) => ({
    onSuccess: () => {
      pushToast({ kind: 'success', text: intl.formatMessage({ id: successId }) });
      after();
    },
    onError: (error: unknown) => {
      pushToast({ kind: 'error', text: errorText(error) });
      after();
    },
  });
}

/** A list query that has not answered yet: the spinner while it loads, its error in words once it failed. */
export function useQueryWait() {
  const errorText = useErrorText();
  return (query: { isPending: boolean; isError: boolean; error: unknown }): ReactNode =>
    query.isPending ? <Spinner /> : <p role="alert">{errorText(query.error)}</p>;
}

/**
 * The item a customer is asked to confirm an action on (null: no dialog), and the confirmed action's outcome as a
 * toast that closes the dialog either way.
 */
export function useConfirming<T>() {
  const toasts = useActionToasts();
  const [confirming, setConfirming] = useState<T | null>(null);
  return { confirming, setConfirming, outcome: (successId: string) => toasts(successId, () => setConfirming(null)) };
}
