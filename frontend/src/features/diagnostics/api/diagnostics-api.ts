import { useQuery } from '@tanstack/react-query';
import type { DiagnosticsRequestView } from '@evc/contracts/diagnostics';
import type { Paged } from '@evc/contracts/shared';
import { api } from '../../../lib/api';
import { positionOf } from '../../../components/admin/admin-api';

/** The read model of diagnostics requests: its query keys start with it, so a request sent reloads them. */
export const DIAGNOSTICS_REQUESTS = 'diagnostics_requests';
/** How often the list asks again while a request waits for its file. */
export const DIAGNOSTICS_POLL_MS = 2_000;

const waiting = (r: DiagnosticsRequestView) => r.status === 'requested' || r.status === 'accepted' || r.status === 'uploading';

/** A charger's requests, newest first; polled while one is still waiting for its file. */
export const useDiagnosticsRequests = (chargerId: string) =>
  useQuery<Paged<DiagnosticsRequestView>>({
    queryKey: [DIAGNOSTICS_REQUESTS, 'list', chargerId],
    refetchInterval: (q) => (q.state.data?.dataList.some(waiting) ? DIAGNOSTICS_POLL_MS : false),
    queryFn: ({ signal }): Promise<Paged<DiagnosticsRequestView>> =>
      api.query('diagnostics.requests', { chargerId, pageSize: 20 }, { signal, position: positionOf(DIAGNOSTICS_REQUESTS) }),
  });

/** A file's head as text (or binary: true), asked when staff open it. */
export const useDiagnosticsText = (chargerId: string, requestId: string | null) =>
  useQuery({
    queryKey: [DIAGNOSTICS_REQUESTS, 'text', chargerId, requestId],
    enabled: requestId !== null,
    queryFn: ({ signal }) => api.query('diagnostics.text', { chargerId, requestId: requestId! }, { signal }),
  });

/** Saves the file: fetched with the staff's token, then handed to the browser as a download. */
export async function downloadDiagnostics(chargerId: string, requestId: string, name: string): Promise<void> {
  const blob = await api.file('diagnostics.file', { chargerId, requestId }, { accept: 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
