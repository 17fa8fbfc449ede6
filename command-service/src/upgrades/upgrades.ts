import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Clock, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { runUpgrade, type Upgrade } from './upgrade';
import { usageAndNamesUpgrade } from './usage-and-names.upgrade';

/** The one-off upgrades, in the order they run; add one at the end. */
export const UPGRADES: Upgrade[] = [usageAndNamesUpgrade];

const log = createLogger('upgrade');

/**
 * Runs the upgrades at the command service's start, in both run profiles: on module init, so they are done before
 * any bootstrap hook (the seeds) writes and before HTTP opens. They use the store directly, never the command bus.
 */
@Injectable()
export class Upgrades implements OnModuleInit {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    for (const upgrade of UPGRADES) {
      const { ran, counts } = await runUpgrade(this.store, this.clock, upgrade);
      if (ran) log.info('upgrade applied', { name: upgrade.name, ...counts });
    }
  }
}
