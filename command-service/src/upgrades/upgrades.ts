import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Clock, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { runUpgrade, type Upgrade } from './upgrade';
import { usageAndNamesUpgrade } from './usage-and-names.upgrade';

/** The one-off upgrades, in the order they run; add one at the end. */
export const UPGRADES: Upgrade[] = [usageAndNamesUpgrade];

const log = createLogger('upgrade');

/** Runs the upgrades once the handlers exist, in both run profiles (the command service's own start). */
@Injectable()
export class Upgrades implements OnApplicationBootstrap {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const upgrade of UPGRADES) {
      const { ran, counts } = await runUpgrade(this.store, this.clock, upgrade);
      if (ran) log.info('upgrade applied', { name: upgrade.name, ...counts });
    }
  }
}
