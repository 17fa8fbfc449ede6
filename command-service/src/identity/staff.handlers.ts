import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { identityStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { DomainError } from '../shared/domain-error';
import { requireStream } from '../shared/require-stream';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { accountDecider } from './account.decider';
import { loadAccount } from './accounts';
import { emailIndexDecider } from './email-index.decider';
import { CreateAdminCommand, CreateRoleCommand, SetAdminActiveCommand, UpdateAdminCommand, UpdateOwnProfileCommand, UpdateRoleCommand } from './identity.commands';
import { IDENTITY, type IdentityDeps } from './identity.settings';
import { sendInBackground } from './mail-outbox';
import { renderMail } from './mail-templates';
import { hashPassword } from './passwords';
import { roleDecider } from './role.decider';
import { emailKey } from './secrets';

async function requireRoles(store: EventStore, roleIds: string[]): Promise<void> {
  for (const [i, roleId] of roleIds.entries()) {
    await requireStream(store, identityStreams.role(roleId), { code: 'identity.role_not_found', message: `Role ${roleId} does not exist`, field: `roleIds.${i}` });
  }
}

/** A staff member with roles and a first password; they get a welcome mail (without the password). */
@CommandHandler(CreateAdminCommand)
export class CreateAdminHandler implements ICommandHandler<CreateAdminCommand, CommandResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  async execute({ payload, context }: CreateAdminCommand): Promise<CommandResult> {
    const { adminId, firstName, lastName, email, roleIds, password } = payload;
    const stream = identityStreams.account(adminId);
    const existing = await loadAccount(this.store, adminId);
    if (existing.accountId !== null) {
      // A retried create is answered with the stream as it is; another admin's id is a conflict.
      if (existing.userType === 1 && existing.email === email) return runDecider(this.store, stream, accountDecider, { kind: 'createAdmin', data: { accountId: adminId, firstName, lastName, email, roleIds, locale: existing.locale, passwordHash: existing.passwordHash } }, context);
      throw new DomainError('concurrency.conflict', 'This staff id is taken');
    }
    await requireRoles(this.store, roleIds);
    const passwordHash = await hashPassword(password);
    await runDecider(this.store, identityStreams.emailIndex(emailKey(email)), emailIndexDecider, { accountId: adminId }, context);
    const result = await runDecider(this.store, stream, accountDecider, { kind: 'createAdmin', data: { accountId: adminId, firstName, lastName, email, roleIds: [...new Set(roleIds)], locale: 'en', passwordHash } }, context);
    const { settings, mailer } = this.identity;
    // The seeded super admin is the operator who started the system: no welcome mail for them.
    if (context.actor.type !== 'system') sendInBackground(mailer, renderMail('welcomeStaff', { to: email, name: firstName, locale: 'en', link: `${settings.publicUrl}/Signin` }), 'welcome-staff');
    return result;
  }
}

@CommandHandler(UpdateAdminCommand)
export class UpdateAdminHandler implements ICommandHandler<UpdateAdminCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ payload, context }: UpdateAdminCommand): Promise<CommandResult> {
    const { adminId, firstName, lastName, roleIds, expectedRevision } = payload;
    await requireRoles(this.store, roleIds);
    return runDecider(this.store, identityStreams.account(adminId), accountDecider, { kind: 'updateAdmin', firstName, lastName, roleIds: [...new Set(roleIds)] }, context, { expectedRevision });
  }
}

/** Deactivate or reactivate a staff member; a deactivated one cannot sign in or refresh, and their token expires. */
@CommandHandler(SetAdminActiveCommand)
export class SetAdminActiveHandler implements ICommandHandler<SetAdminActiveCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ payload, context }: SetAdminActiveCommand): Promise<CommandResult> {
    const { adminId, reason, active, expectedRevision } = payload;
    return runDecider(this.store, identityStreams.account(adminId), accountDecider, { kind: 'setAdminActive', active, reason, by: context.actor.id }, { ...context, reason }, { expectedRevision });
  }
}

@CommandHandler(CreateRoleCommand)
export class CreateRoleHandler implements ICommandHandler<CreateRoleCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ payload, context }: CreateRoleCommand): Promise<CommandResult> {
    const { expectedRevision: _ignored, ...role } = payload;
    return runDecider(this.store, identityStreams.role(role.roleId), roleDecider, { kind: 'create', role }, context);
  }
}

@CommandHandler(UpdateRoleCommand)
export class UpdateRoleHandler implements ICommandHandler<UpdateRoleCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ payload, context }: UpdateRoleCommand): Promise<CommandResult> {
    const { expectedRevision, ...role } = payload;
    return runDecider(this.store, identityStreams.role(role.roleId), roleDecider, { kind: 'update', role }, context, { expectedRevision });
  }
}

/** The caller's own name and language (customers and staff alike). */
@CommandHandler(UpdateOwnProfileCommand)
export class UpdateOwnProfileHandler implements ICommandHandler<UpdateOwnProfileCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ payload, context }: UpdateOwnProfileCommand): Promise<CommandResult> {
    return runDecider(this.store, identityStreams.account(context.actor.id), accountDecider, { kind: 'updateProfile', ...payload }, context);
  }
}
