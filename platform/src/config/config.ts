import { z } from 'zod';

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
  MONGODB_DB: z.string().regex(/^[\w-]{1,60}$/).default('evcharging'),
  /** Seed the demo data on first start (empty event store). */
  SEED_DEMO: bool.default(true),
  /** fsync every append (never turn off outside tests). */
  EVENTSTORE_FSYNC: bool.default(true),
  MAP_TILE_URL: z.string().max(500).optional(),
  MAP_ATTRIBUTION: z.string().max(300).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Largest request body accepted, bytes. */
  BODY_LIMIT: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
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
  return { ...cfg, profile: cluster === 3 ? 'cluster' : 'embedded' };
}
