import { parseArgs } from 'node:util';
import { faultPlan } from './faults';
import { Simulator, loadDemoChargers, type SimulatedChargerSpec } from './simulator';

/**
 * npm run simulate -- --chargers N [--url ws://127.0.0.1:3000] [--meter-interval 10] [--plug-in-delay 2000]
 *   [--battery-kwh 60] [--offline-queue] [--charge K --id-tag TAG] [--file chargers.json]
 *   [--fault K [--fault-code GroundFailure]] [--silent S]
 * N chargers from DATA_DIR/demo-chargers.json (or --file, the same format). --charge K starts a card transaction on
 * connector 1 of the first K chargers once they are up (with --id-tag), to show meter values without the app.
 * --fault K faults the first connector of the first K chargers; --silent S makes the last S fall silent (alerts).
 */
const { values } = parseArgs({
  options: {
    chargers: { type: 'string', default: '10' },
    url: { type: 'string', default: 'ws://127.0.0.1:3000' },
    'meter-interval': { type: 'string', default: '10' },
    'plug-in-delay': { type: 'string', default: '2000' },
    'battery-kwh': { type: 'string', default: '60' },
    'offline-queue': { type: 'boolean', default: false },
    charge: { type: 'string', default: '0' },
    'id-tag': { type: 'string', default: 'SIM-CARD-0001' },
    file: { type: 'string' },
    fault: { type: 'string', default: '0' },
    'fault-code': { type: 'string', default: 'GroundFailure' },
    silent: { type: 'string', default: '0' },
  },
});
const number = (name: keyof typeof values, min: number) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number ≥ ${min}`);
    process.exit(2);
  }
  return n;
};
const count = number('chargers', 1);
if (!Number.isInteger(count)) {
  console.error('--chargers must be a positive whole number');
  process.exit(2);
}
const dataDir = process.env.DATA_DIR ?? './data';
const source = values.file ?? `${dataDir}/demo-chargers.json`;
const all: SimulatedChargerSpec[] = await (
  values.file
    ? import('node:fs/promises').then(async (fs) => JSON.parse(await fs.readFile(values.file!, 'utf8')) as SimulatedChargerSpec[])
    : loadDemoChargers(dataDir)
).catch((error: unknown) => {
  console.error(`cannot read ${source} (start the app once with the demo seed): ${String(error)}`);
  process.exit(1);
});
if (all.length < count) console.warn(`only ${all.length} chargers in ${source}; simulating those`);
const simulator = new Simulator({
  url: values.url,
  chargers: all.slice(0, count),
  offlineQueue: values['offline-queue'],
  charging: {
    meterIntervalS: number('meter-interval', 1),
    plugInDelayMs: number('plug-in-delay', 0),
    batteryWh: number('battery-kwh', 1) * 1000,
  },
});
simulator.start();
let toCharge = Math.min(count, number('charge', 0));
const playFaults = faultPlan({ fault: number('fault', 0), silent: number('silent', 0), code: values['fault-code'] });
const summary = setInterval(() => {
  for (const charger of simulator.chargers) {
    if (toCharge <= 0) break;
    if (
      charger.connected &&
      charger.charging.charging === 0 &&
      charger.charging.startLocal(charger.spec.connectorIds?.[0] ?? 1, values['id-tag'])
    )
      toCharge--;
  }
  playFaults(simulator.chargers);
  const s = simulator.stats();
  console.log(
    `${new Date().toISOString()} chargers ${s.chargers} connected ${s.connected} charging ${s.charging} queued ${s.queued} messages sent ${s.messagesSent} errors ${s.errors}`,
  );
}, 10_000);
process.once('SIGINT', () => {
  clearInterval(summary);
  void simulator.stop().then(() => {
    const s = simulator.stats();
    console.log(`stopped: ${s.messagesSent} messages sent`);
    process.exit(0);
  });
});
