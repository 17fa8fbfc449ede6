import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { contactStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { contactRequestDecider } from './contact.deciders';
import { SubmitContactRequestCommand } from './contact.commands';

@CommandHandler(SubmitContactRequestCommand)
export class SubmitContactRequestHandler implements ICommandHandler<SubmitContactRequestCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: SubmitContactRequestCommand) {
    return runDecider(this.store, contactStreams.request(payload.requestId), contactRequestDecider, payload, context);
  }
}
