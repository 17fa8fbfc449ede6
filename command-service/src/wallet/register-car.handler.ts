import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { catalogStreams, chargingStreams, type CommandResult, type MasterDataKind, type RegisterCar } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import { masterDataDecider } from '../catalog/catalog.deciders';
import { FILE_STORE } from '../files/files.controller';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { carDecider } from './car.decider';

const missing = (path: string, message: string) => new DomainError('catalog.item_not_found', message, [{ path, code: 'not_found' }]);

/** A customer registers a car of theirs: brand, type and battery range active in the catalog, their own licence images. */
@HandlesCommand('cars.register')
export class RegisterCarHandler implements OperationHandler<'cars.register'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ payload, context }: OperationCommand<'cars.register'>): Promise<CommandResult> {
    const customerId = context.actor.id;
    await this.requireActive(payload.brandId, 'carBrand', 'brandId');
    const type = await this.requireActive(payload.typeId, 'carType', 'typeId');
    if (type.parentId !== payload.brandId) throw missing('typeId', 'This car type is not of that brand');
    await this.requireActive(payload.batteryRangeId, 'batteryRange', 'batteryRangeId');
    await this.requireOwnLicence(payload.licence, customerId);
    const { carId, brandId, typeId, batteryRangeId, licence } = payload;
    const data = { carId, customerId, brandId, typeId, batteryRangeId, licence, at: this.clock.now().toISOString() };
    return runDecider(this.store, chargingStreams.car(carId), carDecider, data, context, { clock: this.clock });
  }

  private async requireActive(itemId: string, kind: MasterDataKind, path: string) {
    const { state } = await loadState(this.store, catalogStreams.masterData(itemId), masterDataDecider);
    if (!state.data || state.deleted || state.data.kind !== kind || state.data.isActive === false) throw missing(path, `No active ${kind} ${itemId}`);
    return state.data;
  }

  /** Each licence image must be a licence upload of this customer (never someone else's file). */
  private async requireOwnLicence(licence: RegisterCar['licence'], customerId: string): Promise<void> {
    for (const [field, fileId] of Object.entries(licence)) {
      const file = await this.files.get(fileId);
      if (!file || file.purpose !== 'licence' || !(file.ownerIds ?? []).includes(customerId)) {
        throw new DomainError('files.not_found', 'Upload the licence image first', [{ path: `licence.${field}`, code: 'not_found' }]);
      }
    }
  }
}
