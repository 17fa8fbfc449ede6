import { parseArgs } from 'node:util';
import { Simulator, loadDemoChargers } from './simulator';

/** npm run simulate -- --chargers N [--url ws://127.0.0.1:3000]: N demo chargers from DATA_DIR/demo-chargers.json. */
const { values } = parseArgs({ options: { chargers: { type: 'string', default: '10' }, url: { type: 'string', default: 'ws://127.0.0.1:3000' } } });
const count = Number(values.chargers);
if (!Number.isInteger(count) || count < 1) {
  console.error('--chargers must be a positive whole number');
  process.exit(2);
}
const dataDir = process.env.DATA_DIR ?? './data';
const all = await loadDemoChargers(dataDir).catch((error: unknown) => {
  console.error(`cannot read ${dataDir}/demo-chargers.json (start the app once with the demo seed): ${String(error)}`);
  process.exit(1);
});
if (all.length < count) console.warn(`only ${all.length} demo chargers in ${dataDir}/demo-chargers.json; simulating those`);
const simulator = new Simulator({ url: values.url, chargers: all.slice(0, count) });
simulator.start();
const summary = setInterval(() => {
  const s = simulator.stats();
  console.log(`${new Date().toISOString()} chargers ${s.chargers} connected ${s.connected} messages sent ${s.messagesSent} errors ${s.errors}`);
}, 10_000);
process.once('SIGINT', () => {
  clearInterval(summary);
  void simulator.stop().then(() => {
    const s = simulator.stats();
    console.log(`stopped: ${s.messagesSent} messages sent`);
    process.exit(0);
  });
});
