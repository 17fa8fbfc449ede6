import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { identityStreams } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { fold } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { runDecider, toDomainEvent } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { createLogger } from '@evc/platform/logging/logger';
import { accountBlock, type AccountState } from './account.decider';
import { describeAccount, findAccountByEmail, loadAccount } from './accounts';
import { RefreshSessionCommand, SignInCommand, SignOutCommand, type IssuedSession } from './identity.commands';
import type { RefreshFamilyEvent, RefreshFamilyRevoked } from '@evc/contracts';
import { IDENTITY, type IdentityDeps } from './identity.settings';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { refreshFamilyDecider, type RefreshFamilyState } from './refresh-family.decider';
import { emailKey, familyOfRefreshToken, newRefreshToken, sha256 } from './secrets';

const log = createLogger('identity');
const invalidCredentials = () => new DomainError('identity.invalid_credentials', 'E-mail or password is incorrect');
const sessionExpired = () => new DomainError('identity.session_expired', 'The session has expired; sign in again');
const actorOf = (account: AccountState & { accountId: string }) => ({
  type: account.userType === 1 ? ('staff' as const) : ('customer' as const),
  id: account.accountId,
});

async function loadFamily(store: EventStore, familyId: string): Promise<RefreshFamilyState> {
  const history = await store.readStream(identityStreams.refreshFamily(familyId));
  return fold(
    refreshFamilyDecider,
    history.map((e) => toDomainEvent<RefreshFamilyEvent>(e)),
  );
}

/** An access token and the session body for an account, with the refresh token that goes into the cookie. */
async function issue(
  deps: IdentityDeps,
  store: EventStore,
  account: AccountState & { accountId: string },
  refreshToken: string,
  familyId: string,
  rememberMe: boolean,
): Promise<IssuedSession> {
  const { principal, user } = await describeAccount(store, account, familyId);
  const { token, expiresAt } = await deps.tokens.issue(principal, deps.clock.now());
  return {
    session: { token, tokenExpiry: expiresAt.toISOString(), user, userType: principal.userType, roles: principal.roles, rememberMe },
    refreshToken,
    rememberMe,
  };
}

/**
 * Sign-in: rate limits first (no argon2 work for a blocked caller), then the e-mail index, then the password. Every
 * failure that could tell whether an address exists answers the same invalid_credentials; account states
 * (unverified, banned, inactive) are told only after the right password.
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, IssuedSession> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  async execute({ payload, ip, context }: SignInCommand): Promise<IssuedSession> {
    const { throttle, clock, settings } = this.identity;
    const key = emailKey(payload.email);
    // Counted before any hashing, so parallel guesses count exactly (login-throttle.ts).
    const attempt = throttle.begin(key, ip);
    const account = await findAccountByEmail(this.store, payload.email);
    const passwordOk = account ? await verifyPassword(account.passwordHash, payload.password) : await burnPasswordCheck(payload.password);
    const audienceOk = account?.userType === (payload.audience === 'staff' ? 1 : 5);
    if (!account || !passwordOk || !audienceOk) {
      log.info('sign-in refused', { ip, audience: payload.audience });
      throw invalidCredentials();
    }
    attempt.succeed();
    if (account.userType === 5 && !account.emailVerified)
      throw new DomainError('identity.email_not_verified', 'Confirm your e-mail address first');
    const block = accountBlock(account);
    if (block) throw block;

    const familyId = randomUUID();
    const { token, tokenHash } = newRefreshToken(familyId);
    const now = clock.now();
    const lifetimeMs = payload.rememberMe ? settings.refreshTokenTtlDays * 86_400_000 : settings.sessionRefreshTtlHours * 3_600_000;
    const ctx: CommandContext = { ...context, actor: actorOf(account) };
    await runDecider(
      this.store,
      identityStreams.refreshFamily(familyId),
      refreshFamilyDecider,
      {
        kind: 'start',
        data: {
          familyId,
          accountId: account.accountId,
          tokenHash,
          rememberMe: payload.rememberMe,
          expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
          credentialVersion: account.credentialVersion,
        },
      },
      ctx,
      { clock },
    );
    log.info('signed in', { accountId: account.accountId, userType: account.userType, familyId });
    return issue(this.identity, this.store, account, token, familyId, payload.rememberMe);
  }
}

/**
 * Refresh: rotates the token on every use. An old token presented again revokes the family (whoever holds the
 * newest one is signed out too). A banned, deactivated or reset account is refused at once.
 */
@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand, IssuedSession> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  async execute({ refreshToken, context }: RefreshSessionCommand): Promise<IssuedSession> {
    const familyId = refreshToken ? familyOfRefreshToken(refreshToken) : null;
    if (!refreshToken || !familyId) throw sessionExpired();
    const stream = identityStreams.refreshFamily(familyId);
    const presentedHash = sha256(refreshToken);
    const family = await loadFamily(this.store, familyId);
    if (!family.started || family.revoked) throw sessionExpired();
    const account = await loadAccount(this.store, family.started.accountId);
    const revoke = (reason: RefreshFamilyRevoked['data']['reason']) =>
      runDecider(
        this.store,
        stream,
        refreshFamilyDecider,
        { kind: 'revoke', presentedHash, reason },
        { ...context, actor: { type: 'system', id: 'identity' }, reason },
      );
    if (!account.accountId) {
      await revoke('account-missing');
      throw sessionExpired();
    }
    const known = account as AccountState & { accountId: string };
    const block = accountBlock(known);
    if (block) {
      await revoke(known.banned ? 'banned' : 'inactive');
      throw block;
    }
    // A password reset ends every family; a change ends every family but the one it was made from (keptFamily).
    const kept = known.keptFamily?.familyId === familyId && known.keptFamily.version === known.credentialVersion;
    if (known.credentialVersion !== family.started.credentialVersion && !kept) {
      await revoke(known.keptFamily?.version === known.credentialVersion ? 'password-changed' : 'password-reset');
      throw sessionExpired();
    }
    const { token, tokenHash } = newRefreshToken(familyId);
    const { clock } = this.identity;
    await runDecider(
      this.store,
      stream,
      refreshFamilyDecider,
      { kind: 'rotate', presentedHash, newHash: tokenHash, now: clock.now().toISOString() },
      { ...context, actor: actorOf(known) },
      { clock },
    );
    // Reuse of an old token appended a revocation instead of a rotation.
    const after = await loadFamily(this.store, familyId);
    if (after.revoked || after.currentHash !== tokenHash) {
      if (after.revoked && !family.revoked) log.warn('refresh token reused: family revoked', { familyId, accountId: known.accountId });
      throw sessionExpired();
    }
    return issue(this.identity, this.store, known, token, familyId, family.started.rememberMe);
  }
}

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, { accepted: true }> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ refreshToken, context }: SignOutCommand): Promise<{ accepted: true }> {
    const familyId = refreshToken ? familyOfRefreshToken(refreshToken) : null;
    if (refreshToken && familyId) {
      await runDecider(
        this.store,
        identityStreams.refreshFamily(familyId),
        refreshFamilyDecider,
        { kind: 'revoke', presentedHash: sha256(refreshToken), reason: 'sign-out' },
        context,
      );
    }
    return { accepted: true };
  }
}
