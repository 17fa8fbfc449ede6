import { Inject } from '@nestjs/common';
import { cardStreams, networkStreams, type CommandResult } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { governorateDecider } from '../network/index';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { runDecider } from '../shared/run-decider';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { cardRequestDecider, type CardRequestDetails } from './card-request.decider';
import { LINK_THROTTLE } from './cards.tokens';
import { releaseCustomerLock, takeCustomerLock, type CardRequestPorts } from './customer-lock';
import type { LinkThrottle } from './link-throttle';

/**
 * Filing a request (new card or link), a process over two streams in order: the customer's open-request lock
 * (`card-customer-<id>`) first, then the request (`card-request-<id>`); the lock is given back if the request is
 * refused. A link's card ID is not looked at here: staff verify it, so filing reads nothing the ID names and answers
 * alike for an unknown ID and for another customer's card.
 */
export async function fileCardRequest(
  ports: CardRequestPorts,
  details: CardRequestDetails,
  context: CommandContext,
): Promise<CommandResult> {
  const { store, clock } = ports;
  const submit = () =>
    runDecider(
      store,
      cardStreams.request(details.requestId),
      cardRequestDecider,
      { kind: 'submit', details, at: clock.now().toISOString() },
      context,
      {
        clock,
      },
    );
  const { state } = await loadState(store, cardStreams.request(details.requestId), cardRequestDecider);
  if (state.details) return submit(); // a retry, or request_exists
  if (details.governorateId) await requireActiveGovernorate(store, details.governorateId);
  await takeCustomerLock(ports, details.customerId, details.requestId, context);
  try {
    return await submit();
  } catch (error) {
    await releaseCustomerLock(ports, details.customerId, details.requestId, context);
    throw error;
  }
}

async function requireActiveGovernorate(store: EventStore, governorateId: string) {
  const { state } = await loadState(store, networkStreams.governorate(governorateId), governorateDecider);
  if (!state.data || state.deleted || state.data.isActive === false)
    throw new DomainError('network.governorate_not_found', 'No such governorate', [{ path: 'governorateId', code: 'not_found' }]);
}

@HandlesCommand('card-requests.submit')
export class SubmitCardRequestHandler implements OperationHandler<'card-requests.submit'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  execute({ payload, context }: OperationCommand<'card-requests.submit'>) {
    const details = { ...payload, customerId: context.actor.id, kind: 'new' as const, cardId: null };
    return fileCardRequest({ store: this.store, clock: this.clock }, details, context);
  }
}

/**
 * A card to link is filed whatever its ID: whether the ID is issued, and to whom, is for staff to find when they verify
 * it, so the answer tells a customer nothing about another's card. Attempts are counted per customer first.
 */
@HandlesCommand('card-requests.link')
export class LinkCardHandler implements OperationHandler<'card-requests.link'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LINK_THROTTLE) private readonly throttle: LinkThrottle,
  ) {}
  execute({ payload, context }: OperationCommand<'card-requests.link'>) {
    this.throttle.take(context.actor.id);
    const { requestId, cardId, referenceName, phone } = payload;
    const details = {
      requestId,
      customerId: context.actor.id,
      kind: 'link' as const,
      referenceName,
      phone,
      governorateId: null,
      homeAddress: null,
      deliveryAddress: null,
      sameAsHome: false,
      cardId,
    };
    return fileCardRequest({ store: this.store, clock: this.clock }, details, context);
  }
}
