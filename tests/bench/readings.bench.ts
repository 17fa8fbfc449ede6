/**
 * `npm run bench:readings [-- --sessions 500 --readings 720]`: what one meter reading costs as its session ages.
 * The ceiling's MeterValues phase lasts a minute, so its sessions hold a handful of readings; a
 * real session an hour in holds 360 (one every 10 s). Here `sessions` sessions each receive `readings` readings in
 * time order, through the `sessions` read model's handler on the memory document store (what the launcher runs) and
 * through the session decider (decide + evolve, as the command side does). Printed at 10, 60, 180, 360 and 720
 * readings: CPU per reading (the read model's over the ten readings up to each mark; the decider's for one decision
 * repeated), then the heap held at the end.
 */
import { sessionDecider, type SessionState } from '@evc/command-service/charging/session.decider';
import type { SessionCommand } from '@evc/command-service/charging/session.decider';
import type { RecordedEvent } from '@evc/platform';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { sessionsProjection } from '@evc/projections/charging/sessions.projection';
import type { ProjectionContext } from '@evc/projections/runner/projection';
import { benchOptions } from './options';
import { fmt } from './stats';

const options = benchOptions("what one meter reading costs as its session ages, in the read model and the session's decider", {
  sessions: { type: 'number', default: 500, description: 'sessions receiving readings' },
  readings: { type: 'number', default: 720, description: 'readings per session, in time order' },
});
const SESSIONS = options.sessions;
const READINGS = options.readings;
const MARKS = new Set([10, 60, 180, 360, 720, READINGS]);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const T0 = Date.parse('2026-11-24T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let position = 0;
const metadata = {
  actor: { type: 'charger', id: 'CP-1' },
  correlationId: 'bench',
  causationId: 'bench',
  occurredAt: iso(T0),
  schemaVersion: 1,
};
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({
    streamId: `session-${String(data.sessionId)}`,
    revision: 0,
    position: ++position,
    eventId: `e${position}`,
    type,
    data,
    metadata,
    recordedAt: iso(T0),
  }) as RecordedEvent;
type Handler = (event: RecordedEvent, context: ProjectionContext) => Promise<void>;
const on = sessionsProjection.on as Record<string, Handler>;

async function readModel(): Promise<string[]> {
  const documents = createMemoryDocumentStore();
  await sessionsProjection.setup(documents);
  const context: ProjectionContext = { documents, changed: () => undefined };
  const prices = { pricePerKwh: 500, minimumCharge: 1000, current: 'AC' };
  for (let s = 0; s < SESSIONS; s++) {
    const sessionId = `s${s}`;
    await on.SessionRequested!(
      recorded('SessionRequested', {
        sessionId,
        customerId: `c${s}`,
        origin: 'app',
        idTag: `t${s}`,
        chargerId: `CP-${s}`,
        stationId: 'st1',
        connectorId: 1,
        connectorType: 'Type2',
        carId: null,
        target: { kind: 'none' },
        prices,
        balanceAtStart: 50_000,
        at: iso(T0),
      }),
      context,
    );
    await on.SessionCharging!(
      recorded('SessionCharging', { sessionId, transactionId: String(s), meterStartWh: 1000, startedAt: iso(T0), at: iso(T0) }),
      context,
    );
  }
  const rows: string[] = [];
  let cpuUs = 0;
  for (let r = 1; r <= READINGS; r++) {
    const at = iso(T0 + r * 10_000);
    const events = Array.from({ length: SESSIONS }, (_, s) =>
      recorded('MeterReadingRecorded', {
        sessionId: `s${s}`,
        transactionId: String(s),
        timestamp: at,
        energyWh: 1000 + r * 20,
        powerW: 7200,
        socPercent: null,
        at,
      }),
    );
    // The CPU of the ten readings up to each mark (SESSIONS × 10 calls: enough to rise above the clock's grain).
    const cpu = process.cpuUsage();
    for (const e of events) await on.MeterReadingRecorded!(e, context);
    const used = process.cpuUsage(cpu);
    cpuUs += used.user + used.system;
    if (r % 10 === 0) {
      if (MARKS.has(r)) rows.push(`| ${r} (${fmt((r * 10) / 60, 0)} min) | ${fmt(cpuUs / SESSIONS / 10, 1)} µs |`);
      cpuUs = 0;
    }
  }
  gc();
  rows.push(
    `| heap held at the end (${SESSIONS} sessions of ${READINGS} readings) | ${fmt(process.memoryUsage().heapUsed / 2 ** 20, 0)} MiB |`,
  );
  return rows;
}

function decider(): string[] {
  const rows: string[] = [];
  const d = sessionDecider;
  let state: SessionState = { ...d.initialState, phase: 'charging', transactionIds: ['7'], request: {} as SessionState['request'] };
  for (let r = 1; r <= READINGS; r++) {
    const command = (i: number): SessionCommand =>
      ({
        kind: 'readings',
        sessionId: 's',
        transactionId: '7',
        readings: [{ timestamp: iso(T0 + r * 10_000 + i), energyWh: 1000 + r * 20, powerW: 7200, socPercent: null }],
        at: iso(T0),
      }) as SessionCommand;
    if (MARKS.has(r)) {
      // The same decision over the same state many times: the cost of the reading that makes the session r long.
      const times = 20_000;
      const cpu = process.cpuUsage();
      for (let i = 0; i < times; i++) for (const e of d.decide(command(i + 1), state)) d.evolve(state, e);
      const used = process.cpuUsage(cpu);
      rows.push(`| ${r} | ${fmt((used.user + used.system) / times, 2)} µs |`);
    }
    for (const e of d.decide(command(0), state)) state = d.evolve(state, e);
  }
  return rows;
}

async function main() {
  const model = await readModel();
  console.log(
    `\nthe sessions read model, ${SESSIONS} sessions, one reading each every 10 s:\n| readings so far | CPU per reading |\n|---|---|\n${model.join('\n')}`,
  );
  console.log(
    `\nthe session decider (decide + evolve) per reading:\n| readings so far | CPU per reading |\n|---|---|\n${decider().join('\n')}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
