import { z } from 'zod';
import { passwordSchema } from '@evc/contracts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = (protocols: string[]) =>
  z.string().refine((v) => protocols.some((p) => v.startsWith(p)), { message: `must start with ${protocols.join(' or ')}` });

/** Every environment variable the services read. Unknown values stop start-up with a message naming the variable. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Cluster profile: all three set, or none. */
  EVENTSTORE_URL: url(['esdb://', 'esdb+discover://', 'kurrentdb://', 'kurrentdb+discover://']).optional(),
  KAFKA_BROKERS: z
    .string()
    .regex(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/, 'must be host:port[,host:port...]')
    .optional(),
  MONGODB_URL: url(['mongodb://', 'mongodb+srv://']).optional(),
  MONGODB_DB: z
    .string()
    .regex(/^[\w-]{1,60}$/)
    .default('evcharging'),
  /** Seed the demo data on first start (empty event store). */
  SEED_DEMO: bool.default(true),
  /** fsync every append (never turn off outside tests). */
  EVENTSTORE_FSYNC: bool.default(true),
  MAP_TILE_URL: z.string().max(500).optional(),
  MAP_ATTRIBUTION: z.string().max(300).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Largest request body accepted, bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** Largest WebSocket frame a charger may send (bytes); a larger one closes its connection (1009). */
  OCPP_MAX_FRAME_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .max(16 * 1024 * 1024)
    .default(256 * 1024),
  /**
   * Embedded profile: where `npm start` runs the OCPP gateway. `process` (default): in a process of its own, forked
   * by the launcher, which hands it every charger's socket; chargers are answered there, on their own event loop and
   * heap, from that process's own write-ahead log. `inline`: in the launcher's process (tests).
   */
  OCPP_GATEWAY: z.enum(['process', 'inline']).default('process'),
  /**
   * Embedded profile: most frames the charger message log holds in memory, over all chargers (kept outside the
   * JavaScript heap, so the bound is memory, not the collector's pauses; `npm run bench:message-log` measures it).
   * Each charger keeps an equal share, between 10 and 1,000 of its newest frames.
   * The cluster profile keeps 1,000 per charger in MongoDB and ignores this.
   */
  OCPP_LOG_MAX_FRAMES: z.coerce.number().int().min(1000).max(10_000_000).default(200_000),
  /**
   * How far a process's old generation may grow past what the last full collection kept before the next starts (V8's
   * --heap-growing-percent; 0 leaves it to V8, which picks a small growth for a large heap and marks often). See
   * platform/src/runtime/heap-growth.ts.
   */
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(100),
  /**
   * Embedded profile, OCPP_GATEWAY=process: how many nice values ahead of the launcher the gateway's process runs, so
   * that on busy cores chargers are answered before the read models catch up (ocpp-gateway/src/process/priority.ts).
   * Needs root or CAP_SYS_NICE; without it the log says once that the gateway runs at the launcher's priority. 0: the same.
   */
  OCPP_GATEWAY_PRIORITY: z.coerce.number().int().min(0).max(19).default(5),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * How many proxies stand in front (nginx in the cluster: 1). The client address, which sign-in rate limits count
   * per IP, is then the one the nearest proxy appended to X-Forwarded-For; 0 ignores the header (not spoofable).
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(5).default(0),

  // Identity and access.
  /** Where the site is reached; links in mails point here. */
  PUBLIC_URL: url(['http://', 'https://'])
    .transform((v) => v.replace(/\/+$/, ''))
    .default('http://localhost:3000'),
  /** Send mail through this SMTP server; unset: mails are kept in DATA_DIR/mailbox (dev mailbox). */
  SMTP_URL: url(['smtp://', 'smtps://']).optional(),
  MAIL_FROM: z.string().min(3).max(200).default('EV Charging Egypt <no-reply@evcharging.eg>'),
  /** HS256 key of the access tokens (32+ characters). Embedded profile: generated once into DATA_DIR/auth-secret when unset. */
  AUTH_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Lifetime of reset-password and e-mail verification links (fractions allowed, for tests). */
  RESET_LINK_EXPIRY_MINUTES: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(60),
  /** Least time between two reset or verification mails to one account; requests inside it are silently skipped. */
  RESEND_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Most reset or verification mails one account gets per 24 hours. */
  RESET_MAX_TRIES: z.coerce.number().int().min(1).max(100).default(5),
  /** The first super admin, seeded at first start; without a password one is generated and printed once. */
  SEED_ADMIN_EMAIL: z.email().default('admin@evcharging.eg'),
  SEED_ADMIN_PASSWORD: z.string().min(8).max(20).optional(),
  /** The demo customer (seeded with the demo data), e-mail already verified. */
  SEED_CUSTOMER_EMAIL: z.email().default('customer@evcharging.eg'),
  SEED_CUSTOMER_PASSWORD: z.string().min(8).max(20).optional(),

  // Smart charging.
  /** The least power a DC connector is given when a site's limit is shared (W); below it the car waits. */
  SMART_CHARGING_DC_MIN_W: z.coerce.number().int().min(1_000).max(50_000).default(5_000),

  // Payments. Secrets are never logged nor sent to the browser (their schemas cannot fail, so no error echoes one).
  /** sandbox: the embedded test checkout; paymob: Paymob's Intention API and Unified Checkout. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paymob']).default('sandbox'),
  PAYMOB_BASE_URL: url(['https://', 'http://'])
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://accept.paymob.com'),
  PAYMOB_SECRET_KEY: z.string().optional(),
  PAYMOB_PUBLIC_KEY: z.string().optional(),
  PAYMOB_HMAC_SECRET: z.string().optional(),
  /** Comma-separated integration ids (card, wallet, …) offered at checkout. */
  PAYMOB_INTEGRATION_IDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be integration ids separated by commas')
    .transform((v) => v.split(',').map(Number))
    .optional(),
  /** Absolute base of the payment callback and return URLs the provider is given; default PUBLIC_URL. */
  PUBLIC_BASE_URL: url(['http://', 'https://'])
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),

  // Diagnostics.
  /** The product's address as chargers reach it, for their diagnostics upload URLs; default PUBLIC_URL. */
  DIAGNOSTICS_UPLOAD_BASE_URL: url(['http://', 'https://'])
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** The largest diagnostics file a charger may upload (bytes); a larger one is refused with 413 while it streams. */
  DIAGNOSTICS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(512 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  // Alerts (docs/alerts.md): when a charger's silence or a stuck state pages the staff who follow it.
  /** A charger not heard from for its heartbeat interval plus this margin opens a `silent` alert (seconds). */
  ALERT_SILENT_MARGIN_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /** A transaction open this long (hours) with no meter values for ALERT_METER_QUIET_MIN opens `transaction-stuck`. */
  ALERT_TRANSACTION_MAX_H: z.coerce.number().int().min(1).max(720).default(24),
  ALERT_METER_QUIET_MIN: z.coerce.number().int().min(1).max(1440).default(60),
  /** A connector in Preparing this long (minutes) opens `preparing-stuck`. */
  ALERT_PREPARING_MAX_MIN: z.coerce.number().int().min(1).max(1440).default(15),
  /** How often the time-based alerts are looked for (seconds); 0 turns the sweep off (tests call it). */
  ALERT_SWEEP_EVERY_S: z.coerce.number().int().min(0).max(3600).default(30),
});
export type Config = z.infer<typeof configSchema> & { profile: 'embedded' | 'cluster' };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment. Throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${String(i.path[0])}=${JSON.stringify(relevant[String(i.path[0])] ?? '')}: ${i.message}`),
    );
  }
  const cfg = parsed.data;
  const cluster = [cfg.EVENTSTORE_URL, cfg.KAFKA_BROKERS, cfg.MONGODB_URL].filter(Boolean).length;
  if (cluster !== 0 && cluster !== 3) {
    throw new ConfigError([
      'EVENTSTORE_URL, KAFKA_BROKERS and MONGODB_URL select the cluster profile together: set all three, or none for the embedded profile',
    ]);
  }
  if (cluster === 3 && !cfg.AUTH_TOKEN_SECRET) {
    throw new ConfigError(['AUTH_TOKEN_SECRET must be set in the cluster profile: every service verifies tokens with the same key']);
  }
  if (cfg.PAYMENT_PROVIDER === 'paymob') {
    const missing = (['PAYMOB_SECRET_KEY', 'PAYMOB_PUBLIC_KEY', 'PAYMOB_HMAC_SECRET', 'PAYMOB_INTEGRATION_IDS'] as const).filter(
      (k) => !cfg[k],
    );
    if (missing.length) throw new ConfigError(missing.map((k) => `${k} must be set when PAYMENT_PROVIDER=paymob`));
  }
  const weak = (['SEED_ADMIN_PASSWORD', 'SEED_CUSTOMER_PASSWORD'] as const).filter(
    (k) => cfg[k] !== undefined && !passwordSchema.safeParse(cfg[k]).success,
  );
  if (weak.length) throw new ConfigError(weak.map((k) => `${k}: 8-20 characters with a capital letter, a small letter and a digit`));
  return { ...cfg, profile: cluster === 3 ? 'cluster' : 'embedded' };
}
