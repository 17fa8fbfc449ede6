import { Inject, Injectable } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import {
  catalogStreams,
  chargingStreams,
  type CarRegistered,
  type CommandResult,
  type MasterDataKind,
  type RegisterCar,
} from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import { masterDataStates } from '../catalog/index';
import { FILE_STORE } from '../files/index';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { carDecider } from './car.decider';
import { CarUsage } from './car-usage';

const missing = (path: string, message: string) => new DomainError('catalog.item_not_found', message, [{ path, code: 'not_found' }]);

/** The rules of a car's fields, shared by registering and editing: active catalog items, the customer's own licence. */
@Injectable()
export class CarChoices {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The car's event data, once brand, type (of that brand), battery range and licence images pass. */
  async check(car: RegisterCar, customerId: string): Promise<CarRegistered['data']> {
    await this.requireActive(car.brandId, 'carBrand', 'brandId');
    const type = await this.requireActive(car.typeId, 'carType', 'typeId');
    if (type.parentId !== car.brandId) throw missing('typeId', 'This car type is not of that brand');
    await this.requireActive(car.batteryRangeId, 'batteryRange', 'batteryRangeId');
    await this.requireOwnLicence(car.licence, customerId);
    const { carId, brandId, typeId, batteryRangeId, licence } = car;
    return { carId, customerId, brandId, typeId, batteryRangeId, licence, at: this.clock.now().toISOString() };
  }

  private async requireActive(itemId: string, kind: MasterDataKind, path: string) {
    const { state } = await masterDataStates(this.store).load(catalogStreams.masterData(itemId));
    if (!state.data || state.deleted || state.data.kind !== kind || state.data.isActive === false)
      throw missing(path, `No active ${kind} ${itemId}`);
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

/** A customer registers a car of theirs: brand, type and battery range active in the catalog, their own licence images. */
@HandlesCommand('cars.register')
export class RegisterCarHandler implements OperationHandler<'cars.register'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CarChoices) private readonly choices: CarChoices,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ payload, context }: OperationCommand<'cars.register'>): Promise<CommandResult> {
    const data = await this.choices.check(payload, context.actor.id);
    const register = () =>
      runDecider(this.store, chargingStreams.car(payload.carId), carDecider, { kind: 'register', data }, context, { clock: this.clock });
    if ((await loadState(this.store, chargingStreams.car(payload.carId), carDecider)).state.data) return register(); // a resend, or another car's id
    // the customer's list and the catalog items first: the same car twice is refused, a used item cannot go meanwhile
    const usage = new CarUsage(this.store, this.clock);
    await usage.take(data, context);
    try {
      return await register();
    } catch (error) {
      await usage.release(data, context);
      throw error;
    }
  }
}
