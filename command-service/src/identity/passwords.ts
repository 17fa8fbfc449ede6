import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): some tens of ms per hash on one core,
 * so two cores sign in about 50 people per second end to end (tests/bench/auth.bench.ts) while each guess at a
 * stolen hash costs an attacker as much. Hashing runs on libuv's thread pool, off the event loop.
 */
export const ARGON2_OPTIONS: Options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

/** False for a wrong password or a malformed hash; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/**
 * Spends the same work as a real check when no account matches, so a sign-in for an unknown e-mail takes as long
 * as one with a wrong password (no user enumeration by timing).
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password-Aa1');
  await verifyPassword(await dummy, password);
  return false;
}
