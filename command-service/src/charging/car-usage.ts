import { catalogStreams, garageStream, type CarRegistered, type GarageCar } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { masterDataDecider, masterDataStates } from '../catalog/index';
import type { CommandContext } from '../shared/command-context';
import type { Decider, DomainEventOf } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { decideAndAppend } from '../shared/decide-and-append';
import { runDecider } from '../shared/run-decider';
import { carUser } from '../shared/usage';
import { garageDecider } from './garage.decider';
import { KeyedQueue } from '../shared/keyed-queue';

export type UsingCar = Pick<CarRegistered['data'], 'carId' | 'customerId' | 'brandId' | 'typeId' | 'batteryRangeId'>;

/** The catalog items a car uses, each with the field a refusal names. */
const usedItems = (car: GarageCar) =>
  [
    [car.brandId, 'brandId'],
    [car.typeId, 'typeId'],
    [car.batteryRangeId, 'batteryRangeId'],
  ] as const;

/**
 * What a customer's car holds besides its own stream: its place on the customer's list (`garage-<customerId>`, no
 * second car of the same brand, type and battery range) and a use of its brand, type and battery range (a link on
 * each item's stream, so the item counts the car as "in use" and cannot be deleted or deactivated under it).
 */
/**
 * Writes to one stream from this process, one at a time per event store. A popular brand's stream is written by every
 * customer registering that car; racing each other there only loses appends to retries (and, with enough at once,
 * exhausts them). Other processes' writers are still met by the decision loop's retries.
 */
const queues = new WeakMap<EventStore, KeyedQueue>();
const queueOf = (store: EventStore) => queues.get(store) ?? queues.set(store, new KeyedQueue()).get(store)!;

export class CarUsage {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Lists the car (refused when the customer has the same car) and links the items it newly uses (`previous`: what it
   * was before an edit). Undoes itself on a refusal. `active`: only active items may be taken (not in the upgrade).
   */
  async take(
    car: UsingCar,
    context: CommandContext,
    { previous, active = true }: { previous?: UsingCar; active?: boolean } = {},
  ): Promise<void> {
    await this.list(car, context);
    const had = new Set(previous ? usedItems(previous).map(([id]) => id) : []);
    const linked: string[] = [];
    try {
      for (const [itemId, path] of usedItems(car)) {
        if (had.has(itemId)) continue;
        const missing = { code: 'catalog.item_not_found', path, message: `No active item ${itemId}` } as const;
        await this.runItem(itemId, { kind: 'link', usedBy: carUser(car.carId), missing, active }, context);
        linked.push(itemId);
      }
    } catch (error) {
      for (const itemId of linked) await this.unlink(itemId, car.carId, context);
      await (previous ? this.relist(previous, context) : this.delist(car, context));
      throw error;
    }
  }

  /**
   * A car registered before cars linked themselves (the upgrade): links every item it uses that still exists, then
   * lists it. Answers what could not be done: items deleted meanwhile, or a twin already on the list.
   */
  async adopt(car: UsingCar, context: CommandContext): Promise<{ missingItems: number; twin: boolean }> {
    let missingItems = 0;
    for (const [itemId, path] of usedItems(car)) {
      const missing = { code: 'catalog.item_not_found', path, message: `No item ${itemId}` } as const;
      await this.runItem(itemId, { kind: 'link', usedBy: carUser(car.carId), missing }, context).catch((error: unknown) => {
        if (!(error instanceof DomainError && error.code === 'catalog.item_not_found')) throw error;
        missingItems += 1;
      });
    }
    const twin = await this.list(car, context).then(
      () => false,
      (error: unknown) => {
        if (error instanceof DomainError && error.code === 'charging.car_exists') return true;
        throw error;
      },
    );
    return { missingItems, twin };
  }

  /** After an edit: the items the car no longer uses are free again. */
  async releaseChanged(before: UsingCar, after: UsingCar, context: CommandContext): Promise<void> {
    const kept = new Set(usedItems(after).map(([id]) => id));
    for (const [itemId] of usedItems(before)) if (!kept.has(itemId)) await this.unlink(itemId, before.carId, context);
  }

  /** A refused edit: the car is listed as it was, and the items it took for the edit are let go. */
  async restore(before: UsingCar, attempted: UsingCar, context: CommandContext): Promise<void> {
    await this.relist(before, context);
    await this.releaseChanged(attempted, before, context);
  }

  /** The car is gone: its items and its place on the list are free. Idempotent (a retried remove repeats it). */
  async release(car: UsingCar, context: CommandContext): Promise<void> {
    for (const [itemId] of usedItems(car)) await this.unlink(itemId, car.carId, context);
    await this.delist(car, context);
  }

  private list(car: UsingCar, context: CommandContext) {
    const { brandId, typeId, batteryRangeId } = car;
    return this.run(
      garageStream(car.customerId),
      garageDecider,
      { kind: 'list', customerId: car.customerId, carId: car.carId, car: { brandId, typeId, batteryRangeId } },
      context,
    );
  }

  /** Back to what the car was; only a twin registered in the meantime could refuse it, and then the newer entry stays. */
  private relist(car: UsingCar, context: CommandContext) {
    return this.list(car, context).catch(() => undefined);
  }

  private unlink(itemId: string, carId: string, context: CommandContext) {
    return this.runItem(itemId, { kind: 'unlink', usedById: carId }, context);
  }

  private delist(car: UsingCar, context: CommandContext) {
    return this.run(garageStream(car.customerId), garageDecider, { kind: 'delist', customerId: car.customerId, carId: car.carId }, context);
  }

  /** A link or unlink on an item's stream, decided on its kept state. */
  private runItem(itemId: string, command: Parameters<typeof masterDataDecider.decide>[0], context: CommandContext) {
    const streamId = catalogStreams.masterData(itemId);
    return queueOf(this.store).run(
      streamId,
      async () =>
        (
          await decideAndAppend(this.store, streamId, masterDataDecider, command, context, {
            states: masterDataStates(this.store),
            clock: this.clock,
          })
        ).result,
    );
  }

  private run<C, E extends DomainEventOf, S>(streamId: string, decider: Decider<C, E, S>, command: C, context: CommandContext) {
    return queueOf(this.store).run(streamId, () => runDecider(this.store, streamId, decider, command, context, { clock: this.clock }));
  }
}
