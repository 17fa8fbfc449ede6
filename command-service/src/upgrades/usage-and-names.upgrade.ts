import { createLogger } from '@evc/platform/logging/logger';
import { masterDataDecider, claimItemNames } from '../catalog/index';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { carDecider, CarUsage } from '../charging/index';
import { streamsWith, type Upgrade } from './upgrade';

const log = createLogger('upgrade');

/**
 * Cars registered before cars linked themselves to their brand, type and battery range count as users
 * ("in use", and no delete or deactivate under them) and take their place on their customer's list; master data
 * created before names were claimed claims them, so a new item cannot take an existing item's name. Every step is
 * idempotent (a link, a listing or a claim already there decides nothing).
 */
export const usageAndNamesUpgrade: Upgrade = {
  name: 'issue17-car-usage-and-names',
  reason: 'upgrade: cars count as users of their catalog items; master-data names are claimed',
  async run(store, clock, context) {
    const counts = { cars: 0, removedCars: 0, missingItems: 0, twinCars: 0, names: 0, nameClashes: 0 };
    const usage = new CarUsage(store, clock);
    for (const streamId of await streamsWith(store, 'CarRegistered')) {
      const { state } = await loadState(store, streamId, carDecider);
      if (!state.data) continue;
      if (state.removed) {
        await usage.release(state.data, context);
        counts.removedCars += 1;
        continue;
      }
      const adopted = await usage.adopt(state.data, context);
      counts.cars += 1;
      counts.missingItems += adopted.missingItems;
      if (adopted.twin) {
        counts.twinCars += 1;
        log.warn('a customer has the same car twice (registered before duplicates were refused)', { carId: state.data.carId });
      }
    }
    for (const streamId of await streamsWith(store, 'MasterDataItemCreated')) {
      const { state } = await loadState(store, streamId, masterDataDecider);
      if (!state.data || state.deleted) continue;
      try {
        await claimItemNames(store, state.data, context);
        counts.names += 1;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'catalog.name_exists')) throw error;
        counts.nameClashes += 1;
        log.warn('two master-data items share a name (created before duplicates were refused); rename one', { itemId: state.data.itemId });
      }
    }
    return counts;
  },
};
