import type { ReactNode } from 'react';
import { formatCairo } from '../../lib/cairo-time';
import { useLocale } from '../../hooks/use-locale';
import { Spinner } from '../ui/spinner';
import { Alert, ErrorText } from './admin-ui';

// What the screens that read the log show alike, whichever context they belong to (the audit's explorer and event
// chain, chargers-live's operations view): a query's states and the log's times.

/** Times of the log: Cairo time, to the second. */
export function useEventTime() {
  const locale = useLocale();
  return (iso: string) => formatCairo(iso, locale, 'dateTimeSeconds');
}

/** A query's answer once it is there: a spinner while pending, the translated error if it failed, else `children`. */
export function Loaded<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError || query.data === undefined) {
    return (
      <Alert role="alert">
        <ErrorText error={query.error} />
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
