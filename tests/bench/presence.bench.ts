/**
 * `npm run bench:presence [-- --chargers 19000]`: the charger presence's silent sweep (every 30 s in the product) over
 * that many chargers shown online, heard from within the last minute (none silent: the sweep's usual case), on the
 * embedded read models. Prints the sweep's time, median of 30 (one long task of the launcher's
 * loop every 30 s at the ceiling).
 */
import { createInProcessBus } from '@evc/platform/bus/in-process-bus';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { CHARGERS } from '@evc/projections/network/stations.projection';
import { sweepSilentChargers } from '@evc/projections/chargers-live/ocpp-consumers';

import { benchOptions } from './options';

const options = benchOptions("the charger presence's silent sweep over chargers shown online, on the embedded read models", {
  chargers: { type: 'number', default: 19_000, description: 'chargers shown online, none silent' },
});
const COUNT = options.chargers;
const ROUNDS = 30;

async function main(): Promise<void> {
  const documents = createMemoryDocumentStore();
  const bus = createInProcessBus();
  const now = Date.now();
  const chargers = CHARGERS.in(documents);
  for (let i = 0; i < COUNT; i++) {
    const heard = new Date(now - (i % 60) * 1000).toISOString();
    await chargers.insertOne({
      _id: `CP-${i}`,
      chargerId: `CP-${i}`,
      stationId: `ST-${Math.floor(i / 50)}`,
      online: true,
      modelState: 1,
      connectionId: `c-${i}`,
      lastSeenAt: heard,
      lastConnectedAt: new Date(now - 3_600_000).toISOString(),
      ...(i % 3 === 0 ? {} : { lastHeartbeatAt: heard }),
      connectors: [
        { connectorId: 1, status: 'available' },
        { connectorId: 2, status: 'charging' },
      ],
    } as never);
  }
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now();
    const gone = await sweepSilentChargers(bus, documents, now, 0);
    times.push(performance.now() - t0);
    if (gone.length !== 0) throw new Error(`${gone.length} chargers reported silent; none is`);
  }
  times.sort((a, b) => a - b);
  const ms = (v: number) => v.toFixed(1);
  console.log(
    `presence sweep over ${COUNT} chargers shown online (none silent): median ${ms(times[Math.floor(ROUNDS / 2)]!)} ms, min ${ms(times[0]!)}, max ${ms(times.at(-1)!)} (${ROUNDS} sweeps)`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
