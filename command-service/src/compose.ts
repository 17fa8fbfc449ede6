import type { FileStore } from '@evc/platform/files/index';
import { resolveAuthSecret } from '@evc/platform/auth/auth-secret';
import { openFileStore } from '@evc/platform/infrastructure/infrastructure';
import type { ComposedService, Compose } from '@evc/platform/hosting/host';
import { openMail, type Mailbox } from '@evc/platform/mail/index';
import { createPayments } from '@evc/platform/payments/index';
import { CommandServiceModule } from './command-service.module';
import { firmwareLinkKey } from './firmware/index';
import { createIdentityDeps } from './identity/index';
import { alertSettingsFrom } from './alerts/index';
import { newSeedReport, type SeedReport } from './seed/seeder';

export interface CommandService extends ComposedService {
  /** The file store it owns (flags, station photos, licences). */
  files: FileStore;
  /** The dev mailbox its mails go to when no SMTP server is configured. */
  mailbox: Mailbox;
  /** What the seeds did on this start (filled in while the HTTP app initialises). */
  seeds: SeedReport;
}

/**
 * The command side, composed once for both run profiles: its module with every context's handlers, consumers and
 * seeds; the file store, mail, identity keys and payment provider of the configuration.
 */
export const composeCommandService: Compose<CommandService> = async (config, infra) => {
  const files = await openFileStore(config, infra.dataDir);
  const { mailer, mailbox } = openMail(config, infra.dataDir);
  const authSecret = await resolveAuthSecret(config, infra.dataDir);
  const identity = createIdentityDeps(config, { authSecret, mailer });
  const seeds = newSeedReport();
  const settings = {
    demo: config.SEED_DEMO,
    dataDir: infra.dataDir,
    admin: { email: config.SEED_ADMIN_EMAIL, password: config.SEED_ADMIN_PASSWORD },
    customer: { email: config.SEED_CUSTOMER_EMAIL, password: config.SEED_CUSTOMER_PASSWORD },
  };
  const module = CommandServiceModule.register({
    eventStore: infra.eventStore,
    bus: infra.bus,
    identity,
    files,
    payments: await createPayments(config, infra.dataDir),
    seed: { settings, report: seeds },
    smartCharging: { dcMinW: config.SMART_CHARGING_DC_MIN_W },
    diagnostics: { uploadBaseUrl: config.DIAGNOSTICS_UPLOAD_BASE_URL ?? config.PUBLIC_URL, maxBytes: config.DIAGNOSTICS_MAX_BYTES },
    alerts: alertSettingsFrom(config),
    firmware: { links: { secret: firmwareLinkKey(authSecret), baseUrl: config.PUBLIC_URL } },
  });
  return {
    name: 'command-service',
    modules: [module],
    files,
    mailbox,
    seeds,
    stop: () => files.close(),
  };
};
