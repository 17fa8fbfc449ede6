import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { chargingStreams, type CommandResult, type NotificationsSeen } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import type { Decider } from '../shared/decider';
import { runDecider } from '../shared/run-decider';
import { CLOCK, EVENT_STORE } from '../shared/tokens';

type SeenCommand = NotificationsSeen['data'];
/** Seeing is a fact with no rule to check: every mark is recorded (the projection keeps the latest state). */
export const notificationsSeenDecider: Decider<SeenCommand, NotificationsSeen, null> = {
  initialState: null,
  evolve: (state) => state,
  decide: (command) => [{ type: 'NotificationsSeen', data: command }],
};

@HandlesCommand('notifications.mark-seen')
export class MarkNotificationsSeenHandler implements OperationHandler<'notifications.mark-seen'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ payload, context }: OperationCommand<'notifications.mark-seen'>): Promise<CommandResult> {
    const customerId = context.actor.id;
    const command = {
      customerId,
      notificationIds: payload.notificationIds ? [...new Set(payload.notificationIds)] : ('all' as const),
      at: this.clock.now().toISOString(),
    };
    return runDecider(this.store, chargingStreams.notifications(customerId), notificationsSeenDecider, command, context, {
      clock: this.clock,
    });
  }
}
