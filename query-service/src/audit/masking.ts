import type { EventField, Privilege } from '@evc/contracts';

/**
 * What the caller may see of an event: personal data needs customers.read; what a contact request holds (the
 * requester's details, replies, internal comments) the contact screen's contact.manage; OCPP frames the message log's
 * stations.write.
 */
export interface Viewer {
  personalData: boolean;
  contact: boolean;
  frames: boolean;
}

/** The one place a staff member's privileges become what they see of the log: the explorer and the audit panel. */
export const viewerFor = (privileges: readonly Privilege[] = []): Viewer => ({
  personalData: privileges.includes('customers.read'),
  contact: privileges.includes('contact.manage'),
  frames: privileges.includes('stations.write'),
});

/**
 * Keys whose values are secrets: never shown to anyone, in the explorer nor in the audit panel. An OCPP id token
 * (`idToken`, a card's number) is personal data, not a secret.
 */
const SECRET = /hash|secret|password|passwd|api_?key|token/i;
const NOT_SECRET = /^id_?token$/i;
/**
 * Keys whose values identify a person: e-mail, phone, names, addresses, birth date, national id, and the tokens a
 * customer charges with whatever their kind (a card's printed id, an app token): `idTag`, `idToken`, `cardId`.
 */
const PERSONAL =
  /e-?mail|phone|mobile|first_?name|last_?name|full_?name|customer_?name|reference_?name|address|birth|national_?id|^id_?tag$|^id_?token$|^card_?id$/i;
/** A station's address is a public place, not a person's. */
const PUBLIC_ADDRESS = (key: string, streamId: string) => /address/i.test(key) && /^station-/.test(streamId);
/** On a contact request, who wrote, how to reach them and what the visitor and the managers wrote (replies, internal comments). */
const CONTACT_STREAM = /^contact-request-/;
const CONTACT_KEYS = /^(to|title|details|message|text|error)$/i;

export type Mask = 'secret' | 'personal' | 'contact' | null;

/** How a key of an event of `streamId` is masked for `viewer` (null: shown). */
export function maskOf(key: string, streamId: string, viewer: Viewer): Mask {
  if (SECRET.test(key) && !NOT_SECRET.test(key)) return 'secret';
  // A contact request is the contact managers' business: its personal fields need contact.manage, not customers.read.
  if (CONTACT_STREAM.test(streamId) && (CONTACT_KEYS.test(key) || PERSONAL.test(key))) return viewer.contact ? null : 'contact';
  if (PERSONAL.test(key) && !PUBLIC_ADDRESS(key, streamId)) return viewer.personalData ? null : 'personal';
  return null;
}

/**
 * Streams named after a charging token: `id-token-<tag>` (app tokens and cards, whatever their kind) and
 * `card-<cardId>` (not `card-request-<id>` nor `card-customer-<id>`, which name a request and a customer).
 */
const TOKEN_STREAM = /^(id-token|card)([-:])(?!(?:request|customer)-)(.+)$/;
/** What stands for a token in a stream name a viewer may not read. */
export const MASKED_ID = '***';

/**
 * A stream name (or an item cause `<category>:<id>`) as the viewer may see it: a token's name is personal data, so
 * without customers.read `id-token-CARD1` reads `id-token-***`.
 */
export function streamSeenBy(streamId: string, viewer: Viewer): string {
  if (viewer.personalData) return streamId;
  const token = TOKEN_STREAM.exec(streamId);
  return token ? `${token[1]}${token[2]}${MASKED_ID}` : streamId;
}

/** At most this many fields of one payload (a charger's whole configuration can be long). */
export const MAX_FIELDS = 200;

/**
 * A payload as readable fields: nested objects and arrays flattened to dotted paths, each masked by its key (a masked
 * object or array is one masked field: nothing of it shows). Scalars only; empty objects and arrays show as `{}`/`[]`.
 */
export function fieldsOf(data: unknown, streamId: string, viewer: Viewer): { fields: EventField[]; truncated: boolean } {
  const fields: EventField[] = [];
  let truncated = false;
  const walk = (value: unknown, path: string, key: string): void => {
    if (fields.length >= MAX_FIELDS) {
      truncated = true;
      return;
    }
    const masked = key ? maskOf(key, streamId, viewer) : null;
    if (masked) {
      fields.push({ path, value: null, masked });
      return;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
      if (entries.length === 0) fields.push({ path, value: Array.isArray(value) ? '[]' : '{}', masked: null });
      // An array element inherits its array's key (a list of e-mails is personal too).
      for (const [k, v] of entries) walk(v, path ? `${path}.${k}` : k, Array.isArray(value) ? key : k);
      return;
    }
    if (value === undefined) return;
    fields.push({
      path,
      value: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null,
      masked: null,
    });
  };
  if (data !== null && typeof data === 'object') walk(data, '', '');
  else if (data !== undefined)
    fields.push({
      path: 'value',
      value: typeof data === 'string' || typeof data === 'number' || typeof data === 'boolean' ? data : null,
      masked: null,
    });
  return { fields, truncated };
}

/** A copy of a value with masked keys replaced by null (OCPP frame payloads in a chain). */
export function masked(value: unknown, streamId: string, viewer: Viewer): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => masked(v, streamId, viewer));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskOf(k, streamId, viewer) ? null : masked(v, streamId, viewer)]));
}
