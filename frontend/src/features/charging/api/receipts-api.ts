import { useQuery } from '@tanstack/react-query';
import type { Locale } from '@evc/contracts/shared';
import type { ReceiptView } from '@evc/contracts/charging';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

export type ReceiptSubject = { kind: 'session'; sessionId: string } | { kind: 'booking'; bookingId: string };

/**
 * Query keys start with the read model the receipt is built on (`sessions`, `bookings`), so a live change of the
 * session or booking refreshes its receipt.
 */
export const receiptKey = (subject: ReceiptSubject) =>
  subject.kind === 'session'
    ? (['sessions', 'receipt', subject.sessionId] as const)
    : (['bookings', 'receipt', subject.bookingId] as const);

export const useReceipt = (subject: ReceiptSubject) =>
  useQuery({
    queryKey: receiptKey(subject),
    queryFn: ({ signal }): Promise<ReceiptView> =>
      subject.kind === 'session'
        ? api.query('me.session-receipt', { sessionId: subject.sessionId }, { signal })
        : api.query('me.booking-receipt', { bookingId: subject.bookingId }, { signal }),
    retry: false,
  });

/** The server's PDF of the receipt in the page's language, saved as `receipt-<number>-<lang>.pdf`. */
export async function downloadReceiptPdf(subject: ReceiptSubject, receipt: ReceiptView, lang: Locale): Promise<void> {
  const options = { accept: 'application/pdf' };
  const blob =
    subject.kind === 'session'
      ? await api.file('me.session-receipt', { sessionId: subject.sessionId, format: 'pdf', lang }, options)
      : await api.file('me.booking-receipt', { bookingId: subject.bookingId, format: 'pdf', lang }, options);
  saveFile(blob, `receipt-${receipt.receiptNumber}-${lang}.pdf`);
}
