import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { networkStreams } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { countryDecider, governorateDecider } from './geography.deciders';

@HandlesCommand('countries.create')
export class RegisterCountryHandler implements OperationHandler<'countries.create'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: OperationCommand<'countries.create'>) {
    return runDecider(this.store, networkStreams.country(payload.countryId), countryDecider, { kind: 'create', data: payload }, context);
  }
}

@HandlesCommand('countries.update')
export class UpdateCountryHandler implements OperationHandler<'countries.update'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: OperationCommand<'countries.update'>) {
    const { expectedRevision, ...data } = payload;
    return runDecider(this.store, networkStreams.country(data.countryId), countryDecider, { kind: 'update', data }, context, {
      expectedRevision,
    });
  }
}

/** A governorate is created or activated only under an existing, active country. */
async function requireActiveCountry(store: EventStore, countryId: string): Promise<void> {
  const { state } = await loadState(store, networkStreams.country(countryId), countryDecider);
  if (!state.data || state.deleted) {
    throw new DomainError('catalog.parent_not_found', `Country ${countryId} does not exist`, [{ path: 'countryId', code: 'not_found' }]);
  }
  if (state.data.isActive === false) {
    throw new DomainError('catalog.country_inactive', `Country ${countryId} is inactive`, [
      { path: 'countryId', code: 'country_inactive' },
    ]);
  }
}

@HandlesCommand('governorates.create')
export class RegisterGovernorateHandler implements OperationHandler<'governorates.create'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: OperationCommand<'governorates.create'>) {
    await requireActiveCountry(this.store, payload.countryId);
    return runDecider(
      this.store,
      networkStreams.governorate(payload.governorateId),
      governorateDecider,
      { kind: 'create', data: payload },
      context,
    );
  }
}

@HandlesCommand('governorates.update')
export class UpdateGovernorateHandler implements OperationHandler<'governorates.update'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  async execute({ payload, context }: OperationCommand<'governorates.update'>) {
    const { expectedRevision, ...data } = payload;
    if (data.isActive) await requireActiveCountry(this.store, data.countryId);
    return runDecider(this.store, networkStreams.governorate(data.governorateId), governorateDecider, { kind: 'update', data }, context, {
      expectedRevision,
    });
  }
}

@HandlesCommand('governorates.delete')
export class DeleteGovernorateHandler implements OperationHandler<'governorates.delete'> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}
  execute({ payload, context }: OperationCommand<'governorates.delete'>) {
    return runDecider(this.store, networkStreams.governorate(payload.id), governorateDecider, { kind: 'delete' }, context, {
      expectedRevision: payload.expectedRevision,
    });
  }
}
