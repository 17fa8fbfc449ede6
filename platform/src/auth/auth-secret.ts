import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config';

export const authSecretPath = (dataDir: string) => path.join(dataDir, 'auth-secret');

/**
 * The access-token signing key: AUTH_TOKEN_SECRET, or (embedded profile only) a random key generated once into
 * DATA_DIR/auth-secret with mode 0600, so tokens survive a restart. The key is never logged.
 */
export async function resolveAuthSecret(config: Pick<Config, 'AUTH_TOKEN_SECRET' | 'profile'>, dataDir: string): Promise<string> {
  if (config.AUTH_TOKEN_SECRET) return config.AUTH_TOKEN_SECRET;
  if (config.profile === 'cluster') throw new Error('AUTH_TOKEN_SECRET must be set in the cluster profile');
  return dataDirSecret(authSecretPath(dataDir), () => randomBytes(48).toString('base64url'));
}

/**
 * A secret generated once into a file of the data dir (mode 0600, at least 32 characters), shared by every process of
 * that data dir: the first writer wins a race and the others read its value. Never logged.
 */
export async function dataDirSecret(file: string, generate: () => string): Promise<string> {
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing && existing.trim().length >= 32) return existing.trim();
  await mkdir(path.dirname(file), { recursive: true });
  const secret = generate();
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of the same data dir won the race: use its key.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  }
  await chmod(file, 0o600);
  return secret;
}
