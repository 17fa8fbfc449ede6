import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OcppVersion } from '@evc/contracts';

export interface DemoChargerCredentials {
  id: string;
  secret: string;
  ocppVersion: OcppVersion;
}

export const demoChargersPath = (dataDir: string) => path.join(dataDir, 'demo-chargers.json');

/**
 * The demo chargers' ids and secret keys, for the simulator and for people trying the product. Written before the
 * seed's commands run, so a seed interrupted half way is completed with the same secrets on the next start.
 */
export async function loadOrCreateDemoCredentials(
  dataDir: string,
  wanted: { id: string; ocppVersion: OcppVersion }[],
): Promise<DemoChargerCredentials[]> {
  const file = demoChargersPath(dataDir);
  const existing = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as DemoChargerCredentials[],
    () => [] as DemoChargerCredentials[],
  );
  const byId = new Map(existing.map((c) => [c.id, c]));
  const all = wanted.map((w) => byId.get(w.id) ?? { id: w.id, secret: randomBytes(18).toString('base64url'), ocppVersion: w.ocppVersion });
  if (all.some((c) => !byId.has(c.id))) {
    await mkdir(dataDir, { recursive: true });
    const tmp = `${file}.tmp`;
    await writeFile(tmp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
    await rename(tmp, file);
  }
  return all;
}
