import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { catalogStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { countryDecider, governorateDecider } from './catalog.deciders';
import { RegisterCountryCommand, RegisterGovernorateCommand, UpdateCountryCommand, UpdateGovernorateCommand, DeleteGovernorateCommand } from './catalog.commands';

@CommandHandler(RegisterCountryCommand)
export class RegisterCountryHandler implements ICommandHandler<RegisterCountryCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: RegisterCountryCommand) {
    return runDecider(this.store, catalogStreams.country(payload.countryId), countryDecider, { kind: 'create', data: payload }, context);
  }
}

@CommandHandler(UpdateCountryCommand)
export class UpdateCountryHandler implements ICommandHandler<UpdateCountryCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: UpdateCountryCommand) {
    const { expectedRevision, ...data } = payload;
    return runDecider(this.store, catalogStreams.country(data.countryId), countryDecider, { kind: 'update', data }, context, { expectedRevision });
  }
}

/** A governorate is created or activated only under an existing, active country. */
async function requireActiveCountry(store: EventStore, countryId: string): Promise<void> {
  const { state } = await loadState(store, catalogStreams.country(countryId), countryDecider);
  if (!state.data || state.deleted) {
    throw new DomainError('catalog.parent_not_found', `Country ${countryId} does not exist`, [{ path: 'countryId', code: 'not_found' }]);
  }
  if (state.data.isActive === false) {
    throw new DomainError('catalog.country_inactive', `Country ${countryId} is inactive`, [{ path: 'countryId', code: 'country_inactive' }]);
  }
}

@CommandHandler(RegisterGovernorateCommand)
export class RegisterGovernorateHandler implements ICommandHandler<RegisterGovernorateCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: RegisterGovernorateCommand) {
    await requireActiveCountry(this.store, payload.countryId);
    return runDecider(this.store, catalogStreams.governorate(payload.governorateId), governorateDecider, { kind: 'create', data: payload }, context);
  }
}

@CommandHandler(UpdateGovernorateCommand)
export class UpdateGovernorateHandler implements ICommandHandler<UpdateGovernorateCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: UpdateGovernorateCommand) {
    const { expectedRevision, ...data } = payload;
    if (data.isActive) await requireActiveCountry(this.store, data.countryId);
    return runDecider(this.store, catalogStreams.governorate(data.governorateId), governorateDecider, { kind: 'update', data }, context, { expectedRevision });
  }
}

@CommandHandler(DeleteGovernorateCommand)
export class DeleteGovernorateHandler implements ICommandHandler<DeleteGovernorateCommand, CommandResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: DeleteGovernorateCommand) {
    return runDecider(this.store, catalogStreams.governorate(payload.id), governorateDecider, { kind: 'delete' }, context, { expectedRevision: payload.expectedRevision });
  }
}
