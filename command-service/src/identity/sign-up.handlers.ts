import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { identityStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { DomainError } from '../shared/domain-error';
import { accountDecider } from './account.decider';
import { emailIndexDecider } from './email-index.decider';
import { SeedCustomerCommand } from './identity.commands';
import { IDENTITY, type IdentityDeps } from './identity.settings';
import { renderMail } from './mail-templates';
import { sendInBackground } from './mail-outbox';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword } from './passwords';
import { accountOfLinkToken, emailKey, newLinkToken, sha256 } from './secrets';

/** Customer sign-up: reserve the e-mail, record the account with a verification link, mail the link. */
@HandlesCommand('auth.sign-up')
export class SignUpHandler implements OperationHandler<'auth.sign-up'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  async execute({ payload, context }: OperationCommand<'auth.sign-up'>): Promise<CommandResult> {
    const { clock, settings, mailer } = this.identity;
    const accountId = randomUUID();
    const ctx = { ...context, actor: { type: 'customer' as const, id: accountId } };
    assertPasswordAllowed(payload.password, payload.email);
    const passwordHash = await hashPassword(payload.password);
    await runDecider(this.store, identityStreams.emailIndex(emailKey(payload.email)), emailIndexDecider, { accountId }, ctx);
    const { token, tokenHash } = newLinkToken(accountId);
    const now = clock.now();
    const { firstName, lastName, email, phone, gender, locale } = payload;
    const result = await runDecider(
      this.store,
      identityStreams.account(accountId),
      accountDecider,
      {
        kind: 'signUpCustomer',
        data: { accountId, firstName, lastName, email, phone, gender, locale, passwordHash },
        verification: {
          tokenHash,
          issuedAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + settings.linkExpiryMinutes * 60_000).toISOString(),
        },
      },
      ctx,
      { clock },
    );
    const link = `${settings.publicUrl}/verifyEmail?token=${token}`;
    sendInBackground(
      mailer,
      renderMail('verification', { to: email, name: firstName, locale, link, minutes: settings.linkExpiryMinutes }),
      'verification',
    );
    return result;
  }
}

@HandlesCommand('auth.verify-email')
export class VerifyEmailHandler implements OperationHandler<'auth.verify-email'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  execute({ payload, context }: OperationCommand<'auth.verify-email'>): Promise<CommandResult> {
    const accountId = accountOfLinkToken(payload.token);
    if (!accountId) throw new DomainError('identity.link_expired', 'This link is not valid anymore');
    const { clock } = this.identity;
    const ctx = { ...context, actor: { type: 'customer' as const, id: accountId } };
    return runDecider(
      this.store,
      identityStreams.account(accountId),
      accountDecider,
      { kind: 'verifyEmail', tokenHash: sha256(payload.token), now: clock.now().toISOString() },
      ctx,
      { clock },
    );
  }
}

/** The demo customer of the seed: signed up with the e-mail already verified, no mail sent. */
@CommandHandler(SeedCustomerCommand)
export class SeedCustomerHandler implements ICommandHandler<SeedCustomerCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ payload, context }: SeedCustomerCommand): Promise<CommandResult> {
    const { accountId, firstName, lastName, email, phone, gender, locale, password } = payload;
    assertPasswordAllowed(password, email);
    const passwordHash = await hashPassword(password);
    await runDecider(this.store, identityStreams.emailIndex(emailKey(email)), emailIndexDecider, { accountId }, context);
    return runDecider(
      this.store,
      identityStreams.account(accountId),
      accountDecider,
      {
        kind: 'signUpCustomer',
        data: { accountId, firstName, lastName, email, phone, gender, locale, passwordHash },
        verification: 'verified',
      },
      context,
    );
  }
}
