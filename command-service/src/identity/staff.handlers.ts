import { Inject } from '@nestjs/common';
import { type ICommandHandler } from '@nestjs/cqrs';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { identityStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { DomainError } from '../shared/domain-error';
import { requireStream } from '../shared/require-stream';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { accountDecider } from './account.decider';
import { loadAccount } from './accounts';
import { emailIndexDecider } from './email-index.decider';
import { IDENTITY, type IdentityDeps } from './identity.settings';
import { sendInBackground } from './mail-outbox';
import { renderMail } from './mail-templates';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword } from './passwords';
import { roleDecider } from './role.decider';
import { emailKey } from './secrets';

async function requireRoles(store: EventStore, roleIds: string[]): Promise<void> {
  for (const [i, roleId] of roleIds.entries()) {
    await requireStream(store, identityStreams.role(roleId), {
      code: 'identity.role_not_found',
      message: `Role ${roleId} does not exist`,
      field: `roleIds.${i}`,
    });
  }
}

/** A staff member with roles and a first password; they get a welcome mail (without the password). */
@HandlesCommand('admins.create')
export class CreateAdminHandler implements OperationHandler<'admins.create'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  async execute({ payload, context }: OperationCommand<'admins.create'>): Promise<CommandResult> {
    const { adminId, firstName, lastName, email, roleIds, password } = payload;
    const stream = identityStreams.account(adminId);
    const existing = await loadAccount(this.store, adminId);
    if (existing.accountId !== null) {
      // A retried create (the same admin: e-mail, names, roles) is answered with the stream as it is; anything else
      // under this id is a 409, never a silent success.
      const same =
        existing.userType === 1 &&
        existing.email === email &&
        existing.firstName === firstName &&
        existing.lastName === lastName &&
        sameSet(existing.roleIds, roleIds);
      if (same)
        return runDecider(
          this.store,
          stream,
          accountDecider,
          {
            kind: 'createAdmin',
            data: { accountId: adminId, firstName, lastName, email, roleIds, locale: existing.locale, passwordHash: existing.passwordHash },
          },
          context,
        );
      throw new DomainError('request.duplicate_id', 'This staff id was used for another staff member', [
        { path: 'adminId', code: 'exists' },
      ]);
    }
    await requireRoles(this.store, roleIds);
    assertPasswordAllowed(password, email);
    const passwordHash = await hashPassword(password);
    await runDecider(this.store, identityStreams.emailIndex(emailKey(email)), emailIndexDecider, { accountId: adminId }, context);
    const result = await runDecider(
      this.store,
      stream,
      accountDecider,
      {
        kind: 'createAdmin',
        data: { accountId: adminId, firstName, lastName, email, roleIds: [...new Set(roleIds)], locale: 'en', passwordHash },
      },
      context,
    );
    const { settings, mailer } = this.identity;
    // The seeded super admin is the operator who started the system: no welcome mail for them.
    if (context.actor.type !== 'system')
      sendInBackground(
        mailer,
        renderMail('welcomeStaff', { to: email, name: firstName, locale: 'en', link: `${settings.publicUrl}/Signin` }),
        'welcome-staff',
      );
    return result;
  }
}

@HandlesCommand('admins.update')
export class UpdateAdminHandler implements OperationHandler<'admins.update'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ payload, context }: OperationCommand<'admins.update'>): Promise<CommandResult> {
    const { adminId, firstName, lastName, roleIds, expectedRevision } = payload;
    await requireRoles(this.store, roleIds);
    return runDecider(
      this.store,
      identityStreams.account(adminId),
      accountDecider,
      { kind: 'updateAdmin', firstName, lastName, roleIds: [...new Set(roleIds)] },
      context,
      { expectedRevision },
    );
  }
}

/** Deactivate or reactivate a staff member; a deactivated one cannot sign in or refresh, and their token expires. */
abstract class SetAdminActiveHandler implements ICommandHandler<OperationCommand<'admins.activate' | 'admins.deactivate'>, CommandResult> {
  protected abstract readonly active: boolean;
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ payload, context }: OperationCommand<'admins.activate' | 'admins.deactivate'>): Promise<CommandResult> {
    const { adminId, reason, expectedRevision } = payload;
    return runDecider(
      this.store,
      identityStreams.account(adminId),
      accountDecider,
      { kind: 'setAdminActive', active: this.active, reason, by: context.actor.id },
      { ...context, reason },
      { expectedRevision },
    );
  }
}

@HandlesCommand('admins.deactivate')
export class DeactivateAdminHandler extends SetAdminActiveHandler {
  protected readonly active = false;
}

@HandlesCommand('admins.activate')
export class ActivateAdminHandler extends SetAdminActiveHandler {
  protected readonly active = true;
}

@HandlesCommand('roles.create')
export class CreateRoleHandler implements OperationHandler<'roles.create'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ payload, context }: OperationCommand<'roles.create'>): Promise<CommandResult> {
    const { expectedRevision: _ignored, ...role } = payload;
    return runDecider(this.store, identityStreams.role(role.roleId), roleDecider, { kind: 'create', role }, context);
  }
}

@HandlesCommand('roles.update')
export class UpdateRoleHandler implements OperationHandler<'roles.update'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ payload, context }: OperationCommand<'roles.update'>): Promise<CommandResult> {
    const { expectedRevision, ...role } = payload;
    return runDecider(this.store, identityStreams.role(role.roleId), roleDecider, { kind: 'update', role }, context, { expectedRevision });
  }
}

/** The caller's own name and language (customers and staff alike). */
@HandlesCommand('account.update-profile')
export class UpdateOwnProfileHandler implements OperationHandler<'account.update-profile'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ payload, context }: OperationCommand<'account.update-profile'>): Promise<CommandResult> {
    return runDecider(
      this.store,
      identityStreams.account(context.actor.id),
      accountDecider,
      { kind: 'updateProfile', ...payload },
      context,
    );
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => new Set(a).size === new Set(b).size && b.every((x) => a.includes(x));
