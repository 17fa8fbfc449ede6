import { Inject } from '@nestjs/common';
import { contactStreams, type CommandResult } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { IDENTITY, type IdentityDeps } from '../identity/index';
import type { CommandContext } from '../shared/command-context';
import { decideAndAppend } from '../shared/decide-and-append';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { wholeStream } from '../shared/stream-state';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { contactReplyMail } from './contact-mail';
import { contactRequestDecider, type ContactCommand } from './contact.deciders';

const log = createLogger('contact');

abstract class ContactHandler {
  constructor(
    @Inject(EVENT_STORE) protected readonly store: EventStore,
    @Inject(CLOCK) protected readonly clock: Clock,
  ) {}

  protected now = () => this.clock.now().toISOString();

  protected decide(requestId: string, command: ContactCommand, context: CommandContext, expectedRevision?: number) {
    return decideAndAppend(this.store, contactStreams.request(requestId), contactRequestDecider, command, context, {
      clock: this.clock,
      expectedRevision,
    });
  }
}

/** The public form; a signed-in customer's request is linked to them (their token is optional on this form). */
@HandlesCommand('contact-requests.submit')
export class SubmitContactRequestHandler extends ContactHandler implements OperationHandler<'contact-requests.submit'> {
  async execute({ payload, context }: OperationCommand<'contact-requests.submit'>): Promise<CommandResult> {
    const data = context.actor.type === 'customer' ? { ...payload, customerId: context.actor.id } : payload;
    return (await this.decide(payload.requestId, { kind: 'submit', data }, context)).result;
  }
}

/** Mails a recorded reply through the Mailer port and records what became of it (sent, or failed with why). */
abstract class ReplyMailer extends ContactHandler {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CLOCK) clock: Clock,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {
    super(store, clock);
  }

  /** In the background: the manager's answer never waits for the mail server; the outcome shows on the request. */
  protected mailInBackground(requestId: string, replyId: string, context: CommandContext): void {
    void this.mail(requestId, replyId, context).catch((error: unknown) =>
      log.error('reply outcome not recorded', { requestId, replyId, error: String(error) }),
    );
  }

  private async mail(requestId: string, replyId: string, context: CommandContext): Promise<void> {
    const { state } = await loadState(this.store, contactStreams.request(requestId), contactRequestDecider);
    const reply = state.replies[replyId];
    if (!state.submitted || !reply) return;
    const { fullName, title, details } = state.submitted;
    let outcome: 'sent' | 'failed' = 'sent';
    let error: string | null = null;
    try {
      await this.identity.mailer.send(
        contactReplyMail({
          to: reply.to,
          name: fullName,
          locale: reply.locale,
          title,
          details,
          message: reply.message,
          signedIn: Boolean(state.submitted.customerId),
        }),
      );
    } catch (e) {
      outcome = 'failed';
      error = (e instanceof Error ? e.message : String(e)).slice(0, 300);
      log.warn('reply mail not sent', { requestId, replyId, error });
    }
    const system: CommandContext = {
      actor: { type: 'system', id: 'mailer' },
      correlationId: context.correlationId,
      causationId: replyId,
      reason: 'reply mail',
    };
    await this.decide(requestId, { kind: 'delivered', replyId, outcome, error, at: this.now() }, system);
  }
}

@HandlesCommand('contact-requests.reply')
export class ReplyContactRequestHandler extends ReplyMailer implements OperationHandler<'contact-requests.reply'> {
  async execute({ payload, context }: OperationCommand<'contact-requests.reply'>): Promise<CommandResult> {
    const { requestId, replyId, message } = payload;
    const decision = await this.decide(requestId, { kind: 'reply', replyId, message, at: this.now() }, context);
    // Mailed once, by the call that recorded the reply; a retried call answers the same result and mails nothing.
    if (decision.events.length > 0) this.mailInBackground(requestId, replyId, context);
    return decision.result;
  }
}

@HandlesCommand('contact-requests.resend-reply')
export class ResendContactReplyHandler extends ReplyMailer implements OperationHandler<'contact-requests.resend-reply'> {
  async execute({ payload, context }: OperationCommand<'contact-requests.resend-reply'>): Promise<CommandResult> {
    const { requestId, replyId } = payload;
    const streamId = contactStreams.request(requestId);
    const { state, revision, position } = await wholeStream(this.store, contactRequestDecider).load(streamId);
    if (!state.submitted)
      throw new DomainError('contact.request_not_found', 'No such contact request', [{ path: 'requestId', code: 'not_found' }]);
    const reply = state.replies[replyId];
    if (!reply) throw new DomainError('contact.reply_not_found', 'No such reply', [{ path: 'replyId', code: 'not_found' }]);
    if (reply.delivery !== 'sent') this.mailInBackground(requestId, replyId, context);
    return { streamId, revision, position };
  }
}

@HandlesCommand('contact-requests.comment')
export class CommentContactRequestHandler extends ContactHandler implements OperationHandler<'contact-requests.comment'> {
  async execute({ payload, context }: OperationCommand<'contact-requests.comment'>): Promise<CommandResult> {
    return (
      await this.decide(payload.requestId, { kind: 'comment', commentId: payload.commentId, text: payload.text, at: this.now() }, context)
    ).result;
  }
}

@HandlesCommand('contact-requests.set-status')
export class SetContactStatusHandler extends ContactHandler implements OperationHandler<'contact-requests.set-status'> {
  async execute({ payload, context }: OperationCommand<'contact-requests.set-status'>): Promise<CommandResult> {
    const { requestId, status, expectedRevision } = payload;
    return (await this.decide(requestId, { kind: 'setStatus', status, at: this.now() }, context, expectedRevision)).result;
  }
}

export const contactHandlers = [
  SubmitContactRequestHandler,
  ReplyContactRequestHandler,
  ResendContactReplyHandler,
  CommentContactRequestHandler,
  SetContactStatusHandler,
];
