import { describe, expectTypeOf, it } from 'vitest';
import type { AnyDomainEvent, DomainEvent, EventType, EventTypeMap, SessionEvent, WalletDebited } from './index';

// Checked by tsc (npm run typecheck); nothing happens at run time.
describe('EventTypeMap', () => {
  it('names every event and its payload', () => {
    expectTypeOf<DomainEvent<'WalletDebited'>>().toEqualTypeOf<WalletDebited>();
    expectTypeOf<EventTypeMap['CustomerSignedUp']['accountId']>().toBeString();
    expectTypeOf<DomainEvent<SessionEvent['type']>>().toEqualTypeOf<SessionEvent>();
    expectTypeOf<DomainEvent>().toEqualTypeOf<AnyDomainEvent>();
    expectTypeOf<'WalletDebitted'>().not.toExtend<EventType>();
  });
});
