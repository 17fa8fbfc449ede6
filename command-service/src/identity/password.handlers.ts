import { Inject } from '@nestjs/common';
import { type ICommandHandler } from '@nestjs/cqrs';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { identityStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { DomainError } from '../shared/domain-error';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { accountDecider } from './account.decider';
import { findAccountByEmail, loadAccount } from './accounts';
import { IDENTITY, type IdentityDeps } from './identity.settings';
import { sendInBackground } from './mail-outbox';
import { renderMail } from './mail-templates';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { accountOfLinkToken, emailKey, newLinkToken, sha256 } from './secrets';

const log = createLogger('identity');
type LinkMailOperation = 'auth.forgot-password' | 'auth.resend-verification';
const linkExpired = () => new DomainError('identity.link_expired', 'This link is not valid anymore');

/**
 * Forgot-password and resend-verification. The answer is always `accepted` and is given before any lookup, so
 * neither its content nor its timing says whether the address has an account; the work happens afterwards.
 */
abstract class RequestLinkMailHandler implements ICommandHandler<OperationCommand<LinkMailOperation>, { accepted: true }> {
  protected abstract readonly purpose: 'reset' | 'verification';
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  async execute(command: OperationCommand<LinkMailOperation>): Promise<{ accepted: true }> {
    this.process(command).catch((error: unknown) =>
      log.error('link mail request failed', { purpose: this.purpose, error: error instanceof Error ? error.message : String(error) }),
    );
    return { accepted: true };
  }

  private async process({ payload, context }: OperationCommand<LinkMailOperation>): Promise<void> {
    const { clock, settings, mailer } = this.identity;
    const account = await findAccountByEmail(this.store, payload.email);
    if (!account || account.userType !== (payload.audience === 'staff' ? 1 : 5)) return;
    const { token, tokenHash } = newLinkToken(account.accountId);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + settings.linkExpiryMinutes * 60_000).toISOString();
    const throttle = { now: now.toISOString(), intervalMs: settings.resendIntervalSeconds * 1000, maxPerDay: settings.maxLinkMailsPerDay };
    const reset = this.purpose === 'reset';
    const ctx = { ...context, actor: { type: account.userType === 1 ? ('staff' as const) : ('customer' as const), id: account.accountId } };
    await runDecider(
      this.store,
      identityStreams.account(account.accountId),
      accountDecider,
      reset ? { kind: 'requestReset', tokenHash, expiresAt, throttle } : { kind: 'issueVerification', tokenHash, expiresAt, throttle },
      ctx,
      { clock },
    );
    const after = await loadAccount(this.store, account.accountId);
    const issued = (reset ? after.resetLinks : after.verificationLinks).some((l) => l.tokenHash === tokenHash);
    if (!issued) return; // throttled, verified already, banned or inactive: silently nothing
    const link = `${settings.publicUrl}/${reset ? 'resetPassword' : 'verifyEmail'}?token=${token}`;
    const mail = renderMail(reset ? 'reset' : 'verification', {
      to: after.email,
      name: after.firstName,
      locale: after.locale,
      link,
      minutes: settings.linkExpiryMinutes,
    });
    sendInBackground(mailer, mail, this.purpose);
  }
}

@HandlesCommand('auth.forgot-password')
export class ForgotPasswordHandler extends RequestLinkMailHandler {
  protected readonly purpose = 'reset';
}

@HandlesCommand('auth.resend-verification')
export class ResendVerificationHandler extends RequestLinkMailHandler {
  protected readonly purpose = 'verification';
}

/** Sets a new password with a reset link; the link (and every other outstanding one) then stops working. */
@HandlesCommand('auth.reset-password')
export class ResetPasswordHandler implements OperationHandler<'auth.reset-password'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  async execute({ payload, context }: OperationCommand<'auth.reset-password'>): Promise<CommandResult> {
    const accountId = accountOfLinkToken(payload.token);
    if (!accountId) throw linkExpired();
    const account = await loadAccount(this.store, accountId);
    if (!account.accountId) throw linkExpired();
    const { clock } = this.identity;
    const tokenHash = sha256(payload.token);
    // Check before the (deliberately slow) hashing, so a dead link costs nothing; the decider checks again.
    if (!account.resetLinks.some((l) => l.tokenHash === tokenHash && l.expiresAt > clock.now().toISOString())) throw linkExpired();
    assertPasswordAllowed(payload.password, account.email);
    const passwordHash = await hashPassword(payload.password);
    const ctx = {
      ...context,
      actor: { type: account.userType === 1 ? ('staff' as const) : ('customer' as const), id: accountId },
      reason: 'password reset',
    };
    const result = await runDecider(
      this.store,
      identityStreams.account(accountId),
      accountDecider,
      { kind: 'resetPassword', tokenHash, passwordHash, now: clock.now().toISOString() },
      ctx,
      { clock },
    );
    // The mailed unlock: whoever read the mail may sign in again from anywhere.
    this.identity.throttle.clearAccount(emailKey(account.email));
    return result;
  }
}

/**
 * Changes the caller's own password; needs the current one ("Old password is incorrect"). Guesses at the current
 * password count against the same limits as sign-in (the account's e-mail key and the client address).
 */
@HandlesCommand('account.change-password')
export class ChangePasswordHandler implements OperationHandler<'account.change-password'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  async execute({ payload, context }: OperationCommand<'account.change-password'>): Promise<CommandResult> {
    const accountId = context.actor.id;
    const account = await loadAccount(this.store, accountId);
    const attempt = this.identity.throttle.begin(emailKey(account.email), context.session?.clientAddress ?? 'unknown');
    const currentMatches = account.accountId !== null && (await verifyPassword(account.passwordHash, payload.currentPassword));
    if (currentMatches) attempt.succeed();
    if (currentMatches) assertPasswordAllowed(payload.password, account.email);
    const passwordHash = currentMatches ? await hashPassword(payload.password) : '';
    return runDecider(
      this.store,
      identityStreams.account(accountId),
      accountDecider,
      { kind: 'changePassword', checkedHash: account.passwordHash, currentMatches, passwordHash, keptFamilyId: context.session?.familyId },
      context,
    );
  }
}
