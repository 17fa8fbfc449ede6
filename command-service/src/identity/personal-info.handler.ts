import { Inject } from '@nestjs/common';
import { identityStreams, type CommandResult, type UpdatePersonalInfo } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import { FILE_STORE } from '../files/index';
import { DomainError } from '../shared/domain-error';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { accountDecider } from './account.decider';
import { loadAccount } from './accounts';
import { emailIndexDecider } from './email-index.decider';
import { IDENTITY, type IdentityDeps } from './identity.settings';
import { sendInBackground } from './mail-outbox';
import { renderMail } from './mail-templates';
import { emailKey } from './secrets';

/**
 * A customer saves their personal info. A new e-mail address is reserved first ("Email already exists" when it is
 * someone else's), then the account records the change, then the old address is released and told about it; a
 * failed account write gives the new reservation back.
 */
@HandlesCommand('account.update-personal-info')
export class UpdatePersonalInfoHandler implements OperationHandler<'account.update-personal-info'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  async execute({ payload, context }: OperationCommand<'account.update-personal-info'>): Promise<CommandResult> {
    const accountId = context.actor.id;
    const account = await loadAccount(this.store, accountId);
    if (account.accountId === null || account.userType !== 5) throw new DomainError('identity.customer_not_found', 'No such customer');
    if (payload.pictureFileId && payload.pictureFileId !== account.details?.pictureFileId)
      await this.requireOwnPicture(payload.pictureFileId, accountId);
    const previous = account.email;
    const moving = emailKey(payload.email) !== emailKey(previous);
    const index = (email: string) => identityStreams.emailIndex(emailKey(email));
    if (moving) await runDecider(this.store, index(payload.email), emailIndexDecider, { accountId }, context);
    let result: CommandResult;
    try {
      result = await runDecider(
        this.store,
        identityStreams.account(accountId),
        accountDecider,
        { kind: 'updatePersonalInfo', ...command(payload) },
        context,
        {
          expectedRevision: payload.expectedRevision,
          clock: this.identity.clock,
        },
      );
    } catch (error) {
      if (moving)
        await runDecider(this.store, index(payload.email), emailIndexDecider, { accountId, release: true }, context).catch(() => undefined);
      throw error;
    }
    if (moving) {
      await runDecider(this.store, index(previous), emailIndexDecider, { accountId, release: true }, context);
      this.tellPreviousAddress(previous, payload.firstName, account.locale);
    }
    return result;
  }

  private async requireOwnPicture(fileId: string, customerId: string): Promise<void> {
    const file = await this.files.get(fileId);
    if (!file || file.purpose !== 'profile' || !(file.ownerIds ?? []).includes(customerId)) {
      throw new DomainError('files.not_found', 'Upload the picture first', [{ path: 'pictureFileId', code: 'not_found' }]);
    }
  }

  private tellPreviousAddress(to: string, name: string, locale: 'en' | 'ar'): void {
    const link = `${this.identity.settings.publicUrl}/ContactUs`;
    sendInBackground(this.identity.mailer, renderMail('emailChanged', { to, name, locale, link }), 'email-changed');
  }
}

function command(p: UpdatePersonalInfo) {
  const deliveryAddress = p.deliveryAddress.sameAsHome
    ? { sameAsHome: true, address: null }
    : { sameAsHome: false, address: p.deliveryAddress.address };
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    // a birth date only when given, so saving unchanged details recorded before it was asked adds no event
    details: {
      phone: p.phone,
      gender: p.gender,
      address: p.address,
      deliveryAddress,
      pictureFileId: p.pictureFileId,
      ...(p.birthDate ? { birthDate: p.birthDate } : {}),
    },
  };
}
