import type { EventField } from '@evc/contracts';

/** What the caller may see of an event: personal data needs customers.read; OCPP frames the message log's stations.write. */
export interface Viewer {
  personalData: boolean;
  frames: boolean;
}

/**
 * Keys whose values are secrets: never shown to anyone (what the audit panel shows as "(changed)"). An OCPP id token
 * (`idToken`, a card's number) is personal data, not a secret.
 */
const SECRET = /hash|secret|password|passwd|api_?key|token/i;
const NOT_SECRET = /^id_?token$/i;
/** Keys whose values identify a person: e-mail, phone, names, addresses, birth date, national id, card tags. */
const PERSONAL = /e-?mail|phone|mobile|first_?name|last_?name|full_?name|customer_?name|address|birth|national_?id|^id_?tag$|^id_?token$/i;
/** A station's address is a public place, not a person's. */
const PUBLIC_ADDRESS = (key: string, streamId: string) => /address/i.test(key) && /^station-/.test(streamId);
/** On a contact request, the reply's address and what the visitor and the managers wrote are about a person too. */
const CONTACT_PERSONAL = (key: string, streamId: string) => /^contact-request-/.test(streamId) && /^(to|details|message|text)$/i.test(key);

export type Mask = 'secret' | 'personal' | null;

/** How a key of an event of `streamId` is masked for `viewer` (null: shown). */
export function maskOf(key: string, streamId: string, viewer: Viewer): Mask {
  if (SECRET.test(key) && !NOT_SECRET.test(key)) return 'secret';
  if ((PERSONAL.test(key) && !PUBLIC_ADDRESS(key, streamId)) || CONTACT_PERSONAL(key, streamId)) return viewer.personalData ? null : 'personal';
  return null;
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
    fields.push({ path, value: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null, masked: null });
  };
  if (data !== null && typeof data === 'object') walk(data, '', '');
  else if (data !== undefined) fields.push({ path: 'value', value: typeof data === 'string' || typeof data === 'number' || typeof data === 'boolean' ? data : null, masked: null });
  return { fields, truncated };
}

/** A copy of a value with masked keys replaced by null (OCPP frame payloads in a chain). */
export function masked(value: unknown, streamId: string, viewer: Viewer): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => masked(v, streamId, viewer));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskOf(k, streamId, viewer) ? null : masked(v, streamId, viewer)]));
}
