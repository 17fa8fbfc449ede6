import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * "How this was calculated": under the read models they explain (`sessions`, `wallet_transactions`), so the customer's
 * live stream refreshes an open explanation when its session moves on.
 */
export const provenanceKeys = {
  session: (sessionId: string) => ['sessions', 'provenance', sessionId] as const,
  walletLine: (transactionId: string) => ['wallet_transactions', 'provenance', transactionId] as const,
};

export type ProvenanceSubject = { kind: 'session'; sessionId: string } | { kind: 'wallet-line'; transactionId: string };

export const useProvenance = (subject: ProvenanceSubject) =>
  useQuery({
    queryKey: subject.kind === 'session' ? provenanceKeys.session(subject.sessionId) : provenanceKeys.walletLine(subject.transactionId),
    queryFn: ({ signal }) =>
      subject.kind === 'session'
        ? api.query('me.session-provenance', { sessionId: subject.sessionId }, { signal })
        : api.query('me.wallet-provenance', { transactionId: subject.transactionId }, { signal }),
  });
