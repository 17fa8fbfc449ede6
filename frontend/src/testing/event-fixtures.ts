import type { EventView } from '@evc/contracts/audit';
import { ago } from './network-fixtures';

/** An event of the log as the explorer, the chain and the operations view receive it (masked fields included). */
export const makeEvent = (position: number, over: Partial<EventView> = {}): EventView => ({
  position,
  streamId: 'account-c1',
  revision: 0,
  eventId: `e${position}`,
  type: 'CustomerSignedUp',
  recordedAt: ago(600 - position),
  occurredAt: ago(600 - position),
  actor: { type: 'customer', id: 'c1', name: null },
  correlationId: 'corr-1',
  causationId: 'corr-1',
  reason: null,
  schemaVersion: 1,
  fields: [
    { path: 'email', value: null, masked: 'personal' },
    { path: 'passwordHash', value: null, masked: 'secret' },
    { path: 'gender', value: 'female', masked: null },
  ],
  fieldsTruncated: false,
  ...over,
});
