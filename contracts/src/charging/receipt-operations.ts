import { z } from 'zod';
import { CUSTOMER, group, privilege, query } from '../shared/operation';
import { receiptQuerySchema, receiptViewSchema } from './receipt-views';

/**
 * Receipts: the customer's own only (another customer's session or booking answers 404 like a
 * missing one). `format=pdf&lang=ar|en` downloads the same receipt as a PDF. Staff who may read customers open any
 * billed session's receipt, the same document the customer has (support: a customer who asks for it again).
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
    summary:
      "The receipt of one of your ended bookings that was charged a fee (a fulfilled booking's is its session's); format=pdf for the PDF.",
    access: CUSTOMER,
    params: z.object({ bookingId: z.uuid() }),
    input: receiptQuerySchema,
    output: receiptViewSchema,
  }),
  query('sessions.admin-receipt', '/api/queries/admin/sessions/:sessionId/receipt', {
    summary: "Staff: a billed session's receipt, as its customer has it (name, wallet balance); format=pdf for the PDF.",
    access: privilege('customers.read'),
    params: z.object({ sessionId: z.uuid() }),
    input: receiptQuerySchema,
    output: receiptViewSchema,
  }),
);
