import type { ErrorCode } from '@evc/contracts';
import type { EventStore, RecordedEvent } from '@evc/platform';
import { DomainError } from './domain-error';

/** The first event of a stream another aggregate refers to, or a not-found error on the referring field. */
export async function requireStream(
  store: EventStore,
  streamId: string,
  missing: { code: ErrorCode; message: string; field: string },
): Promise<RecordedEvent> {
  const [first] = await store.readStream(streamId, { maxCount: 1 });
  if (!first) throw new DomainError(missing.code, missing.message, [{ path: missing.field, code: 'not_found' }]);
  return first;
}
