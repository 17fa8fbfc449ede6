import { Inject, Injectable } from '@nestjs/common';
import type { ReceiptQuery, ReceiptView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { FileAnswer, customerOf, found, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { receiptPdf } from './pdf/receipt-pdf';
import { ReceiptsQueries } from './receipts.queries';

/** The receipt as JSON, or (format=pdf) as a PDF download named after its number. */
function answer(receipt: ReceiptView, q: ReceiptQuery): ReceiptView | FileAnswer {
  if (q.format === 'json') return receipt;
  return new FileAnswer(receiptPdf(receipt, q.lang), 'application/pdf', `receipt-${receipt.receiptNumber}-${q.lang}.pdf`);
}

/** Receipts of the customer's own sessions and bookings; anyone else's answers 404; staff's view of any session's. */
@Injectable()
export class ReceiptsAnswers implements QueryAnswers {
  readonly answers: Answers<'me.session-receipt' | 'me.booking-receipt' | 'sessions.admin-receipt'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const receipts = new ReceiptsQueries(documents);
    this.answers = {
      'me.session-receipt': async ({ sessionId, ...q }, caller) =>
        answer(found(await receipts.session(customerOf(caller), sessionId), 'charging.session_not_found', 'No such session'), q),
      'me.booking-receipt': async ({ bookingId, ...q }, caller) =>
        answer(found(await receipts.booking(customerOf(caller), bookingId), 'booking.booking_not_found', 'No such booking'), q),
      'sessions.admin-receipt': async ({ sessionId, ...q }) =>
        answer(found(await receipts.anySession(sessionId), 'charging.session_not_found', 'No such session'), q),
    };
  }
}
