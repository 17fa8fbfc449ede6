import { z } from 'zod';
import { CUSTOMER, group, query } from '../operation';
import { receiptQuerySchema, receiptViewSchema } from './views';

/**
 * Receipts (issue 17 item 10): the customer's own only (another customer's session or booking answers 404 like a
 * missing one). `format=pdf&lang=ar|en` downloads the same receipt as a PDF.
 */
export const receiptOperations = group(
  query('me.session-receipt', '/api/queries/me/sessions/:sessionId/receipt', {
    summary: 'The receipt of one of your billed sessions (with the fee of the booking it fulfilled); format=pdf for the PDF.',
    access: CUSTOMER,
    params: z.object({ sessionId: z.uuid() }),
    input: receiptQuerySchema,
    output: receiptViewSchema,
  }),
  query('me.booking-receipt', '/api/queries/me/bookings/:bookingId/receipt', {
    summary: "The receipt of one of your ended bookings that was charged a fee (a fulfilled booking's is its session's); format=pdf for the PDF.",
    access: CUSTOMER,
    params: z.object({ bookingId: z.uuid() }),
    input: receiptQuerySchema,
    output: receiptViewSchema,
  }),
);
