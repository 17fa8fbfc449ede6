import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { contactStreams } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { contactRequestDecider } from './contact.deciders';

@HandlesCommand('contact-requests.submit')
export class SubmitContactRequestHandler implements OperationHandler<'contact-requests.submit'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: OperationCommand<'contact-requests.submit'>) {
    return runDecider(this.store, contactStreams.request(payload.requestId), contactRequestDecider, payload, context);
  }
}
