import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { catalogStreams, type CommandResult, type MasterDataItemCreated } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { DomainError } from '../shared/domain-error';
import { requireStream } from '../shared/require-stream';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { countryDecider, governorateDecider, masterDataDecider } from './catalog.deciders';
import { CreateMasterDataItemCommand, RegisterCountryCommand, RegisterGovernorateCommand } from './catalog.commands';

@CommandHandler(RegisterCountryCommand)
export class RegisterCountryHandler implements ICommandHandler<RegisterCountryCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: RegisterCountryCommand) {
    return runDecider(this.store, catalogStreams.country(payload.countryId), countryDecider, payload, context);
  }
}

@CommandHandler(RegisterGovernorateCommand)
export class RegisterGovernorateHandler implements ICommandHandler<RegisterGovernorateCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: RegisterGovernorateCommand) {
    await requireStream(this.store, catalogStreams.country(payload.countryId), {
      code: 'catalog.parent_not_found',
      message: `Country ${payload.countryId} does not exist`,
      field: 'countryId',
    });
    return runDecider(this.store, catalogStreams.governorate(payload.governorateId), governorateDecider, payload, context);
  }
}

@CommandHandler(CreateMasterDataItemCommand)
export class CreateMasterDataItemHandler implements ICommandHandler<CreateMasterDataItemCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: CreateMasterDataItemCommand) {
    if (payload.kind === 'carType') {
      const parent = await this.store.readStream(catalogStreams.masterData(payload.parentId ?? '-'), { maxCount: 1 });
      const brand = parent[0]?.data as MasterDataItemCreated['data'] | undefined;
      if (!brand || brand.kind !== 'carBrand') {
        throw new DomainError('catalog.parent_not_found', 'A car type belongs to an existing car brand', [
          { path: 'parentId', code: 'not_found' },
        ]);
      }
    }
    return runDecider(this.store, catalogStreams.masterData(payload.itemId), masterDataDecider, payload, context);
  }
}
