import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallbackInput, VerifiedCallback } from './port';

/** The transaction fields Paymob's HMAC covers, in this order (transaction processed and response callbacks). */
export const PAYMOB_HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;
export type PaymobField = (typeof PAYMOB_HMAC_FIELDS)[number];
export type PaymobFields = Record<PaymobField, string>;

const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? '' : String(v));
const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** HMAC-SHA512 (hex) of the concatenated field values. */
export function paymobHmac(fields: PaymobFields, secret: string): string {
  return createHmac('sha512', secret)
    .update(PAYMOB_HMAC_FIELDS.map((f) => fields[f]).join(''))
    .digest('hex');
}

/** The fields of the POSTed callback's `obj` (nested `order` and `source_data`). */
export function fieldsOfTransaction(obj: Record<string, unknown>): PaymobFields {
  const order = record(obj.order);
  const source = record(obj.source_data);
  const fields = {} as PaymobFields;
  for (const f of PAYMOB_HMAC_FIELDS) {
    const [head, tail] = f.split('.') as [string, string | undefined];
    fields[f] = text(tail === undefined ? obj[head] : head === 'order' ? order[tail] : source[tail]);
  }
  return fields;
}

/** The fields of the redirect's query string: flat, with the order id under `order`. */
export function fieldsOfQuery(query: Record<string, unknown>): PaymobFields {
  const fields = {} as PaymobFields;
  for (const f of PAYMOB_HMAC_FIELDS) fields[f] = text(first(query[f === 'order.id' ? 'order' : f]));
  return fields;
}

function sameHex(expected: string, given: string): boolean {
  if (!/^[a-f0-9]{128}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/**
 * Verifies a Paymob-shaped callback: the JSON transaction-processed callback (POST body `{ type, obj }`, `?hmac=`)
 * or the payer's redirect (GET, fields and `hmac` in the query). Null unless the HMAC matches; the payment id is
 * the order's merchant_order_id (the intention's special_reference), which callers check against the order id.
 */
export function verifyPaymobCallback(input: CallbackInput, hmacSecret: string): VerifiedCallback | null {
  const body = record(input.body);
  const obj = record(body.obj);
  const posted = Object.keys(obj).length > 0;
  const fields = posted ? fieldsOfTransaction(obj) : fieldsOfQuery(input.query);
  const given = text(first(input.query.hmac)) || text(body.hmac);
  if (!given || !sameHex(paymobHmac(fields, hmacSecret), given)) return null;
  const paymentId = posted
    ? text(record(obj.order).merchant_order_id) || text(obj.special_reference)
    : text(first(input.query.merchant_order_id));
  const amount = Number(fields.amount_cents);
  if (!paymentId || fields.currency !== 'EGP' || !Number.isSafeInteger(amount) || amount <= 0 || !fields.id || !fields['order.id'])
    return null;
  const message = text(posted ? record(obj.data).message : first(input.query['data.message'])).slice(0, 200);
  const outcome: VerifiedCallback['outcome'] =
    fields.success === 'true' ? 'completed' : fields.pending === 'true' ? 'pending' : fields.is_voided === 'true' ? 'canceled' : 'failed';
  return {
    paymentId,
    outcome,
    providerTransactionId: fields.id,
    amountPiastres: amount,
    providerRef: fields['order.id'],
    ...(outcome === 'failed' ? { reason: message || 'declined' } : {}),
  };
}
