import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Clock, EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import { FILE_STORE } from '../files/index';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { WALLET_LEDGER, type WalletLedger } from '../wallet/index';
import { seedCards } from './seed-cards';
import { seedCharging } from './seed-charging';
import { seedDemo, type SeedOutcome } from './seed-demo';
import { printGeneratedCredentials, seedIdentity, type IdentitySeedOutcome } from './seed-identity';

/** What the command service seeds at start (the same in both run profiles). */
export interface SeedSettings {
  /** The demo network, the demo customer, their credit, car and card. */
  demo: boolean;
  dataDir: string;
  admin: { email: string; password?: string };
  customer: { email: string; password?: string };
}

/** What the seeds did on this start; filled in while the application bootstraps. */
export interface SeedReport {
  demo?: SeedOutcome;
  identity?: IdentitySeedOutcome;
  charging?: boolean;
  /** Whether anything was written (the embedded launcher then waits for the read models). */
  readonly seeded: boolean;
}

export const SEED_SETTINGS = Symbol('SeedSettings');
export const SEED_REPORT = Symbol('SeedReport');

export function newSeedReport(): SeedReport {
  return {
    get seeded() {
      return Boolean(this.demo?.seeded || this.identity?.seeded || this.charging);
    },
  };
}

/**
 * Seeds once the command bus and every handler exist: the demo network, the roles and first super admin, and with
 * the demo data the demo customer's credit, car and card. Each seed runs once (a marker stream each). Generated
 * passwords are printed once, to stdout, never logged.
 */
@Injectable()
export class Seeder implements OnApplicationBootstrap {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(WALLET_LEDGER) private readonly ledger: WalletLedger,
    @Inject(SEED_SETTINGS) private readonly settings: SeedSettings,
    @Inject(SEED_REPORT) private readonly report: SeedReport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { commandBus, eventStore, files, settings, clock } = this;
    if (settings.demo) this.report.demo = await seedDemo({ commandBus, eventStore, dataDir: settings.dataDir, files, clock });
    this.report.identity = await seedIdentity({
      commandBus,
      eventStore,
      admin: settings.admin,
      customer: settings.demo ? settings.customer : undefined,
    });
    if (settings.demo) {
      const charging = await seedCharging({ commandBus, eventStore, files, ledger: this.ledger, customerEmail: settings.customer.email });
      const cards = await seedCards({ eventStore, customerEmail: settings.customer.email });
      this.report.charging = charging || cards;
    }
    printGeneratedCredentials(this.report.identity.generated);
  }
}
