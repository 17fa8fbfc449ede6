/**
 * What an event's `causationId` may name, so chains can be followed across contexts without knowing them:
 * - `<category>:<id>`: the item whose stream is `<category>-<id>` caused it (`session:<id>` for a session's charger
 *   commands and its wallet debit, `charger-command:<commandId>` for a command's outcomes, `booking:<id>`, …);
 * - `<connectionId>/<messageId>`: a charger's OCPP message (the frame in the charger message log);
 * - anything else: an event id, or the correlation id (the default when nothing more precise is known).
 * Writers make item causes with `itemCause`; `parseCausation` reads all three.
 */
export type Causation =
  | { kind: 'item'; streamId: string }
  | { kind: 'frame'; connectionId: string; messageId: string }
  | { kind: 'id'; id: string };

/** The cause id of an item: `itemCause('session', id)` = `session:<id>`, naming the stream `session-<id>`. */
export const itemCause = (category: string, id: string): string => `${category}:${id}`;

const ITEM = /^([a-z][a-z0-9-]*):(.+)$/;
const FRAME = /^([^/\s]+)\/([^/\s]+)$/;

export function parseCausation(causationId: string): Causation {
  const item = ITEM.exec(causationId);
  if (item) return { kind: 'item', streamId: `${item[1]}-${item[2]}` };
  const frame = FRAME.exec(causationId);
  if (frame) return { kind: 'frame', connectionId: frame[1]!, messageId: frame[2]! };
  return { kind: 'id', id: causationId };
}
