import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { chargingStreams, type CommandResult, type NotificationsSeen } from '@evc/contracts';
import { systemClock, type Clock, type EventStore } from '@evc/platform';
import type { Decider } from '../shared/decider';
import { runDecider } from '../shared/run-decider';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { MarkNotificationsSeenCommand } from './wallet.commands';

type SeenCommand = NotificationsSeen['data'];
/** Seeing is a fact with no rule to check: every mark is recorded (the projection keeps the latest state). */
export const notificationsSeenDecider: Decider<SeenCommand, NotificationsSeen, null> = {
  initialState: null,
  evolve: (state) => state,
  decide: (command) => [{ type: 'NotificationsSeen', data: command }],
};

@CommandHandler(MarkNotificationsSeenCommand)
export class MarkNotificationsSeenHandler implements ICommandHandler<MarkNotificationsSeenCommand, CommandResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    // Optional until the module provides CLOCK; then drop @Optional() and the default.
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  execute({ payload, context }: MarkNotificationsSeenCommand): Promise<CommandResult> {
    const customerId = context.actor.id;
    const command = { customerId, notificationIds: payload.notificationIds ? [...new Set(payload.notificationIds)] : ('all' as const), at: this.clock.now().toISOString() };
    return runDecider(this.store, chargingStreams.notifications(customerId), notificationsSeenDecider, command, context, { clock: this.clock });
  }
}
