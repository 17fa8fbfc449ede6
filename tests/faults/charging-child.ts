/**
 * Child process of ocpp-durability.security.test.ts: the embedded product on 127.0.0.1 with the data dir argv[2].
 * `CHILD_MODE=setup`: also registers a station, CHARGERS chargers with known keys and one card each (owned by one
 * customer with a large balance), writes `<dir>/../creds.json`. Every mode prints `ready <baseUrl>` once serving.
 * `CHILD_MODE=verify`: waits (≤ 30 s) until every transaction listed in `<dir>/../answered.json` belongs to a billed
 * session, prints `result <json>` and exits. Otherwise it runs until killed.
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestApp } from '../support/app';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { command, givenVerifiedCustomer, superAdminToken } from '../support/identity';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: charging-child.ts <dataDir>');
const mode = process.env.CHILD_MODE ?? 'run';
const CHARGERS = Number(process.env.CHARGERS ?? 12);
const side = (name: string) => path.join(dataDir, '..', name);

// OCPP_GATEWAY=process: the gateway in its own process (what npm start runs), killed with its launcher's SIGKILL.
const app = await startTestApp({ dataDir, env: process.env.OCPP_GATEWAY ? { OCPP_GATEWAY: process.env.OCPP_GATEWAY } : {} });

if (mode === 'setup') {
  await givenGovernorate(app.commandBus);
  const station = aStation();
  await registerStation(app.commandBus, station);
  const { customerId } = await givenVerifiedCustomer(app);
  await command(
    app,
    'wallet.adjust',
    { adjustmentId: randomUUID(), customerId, direction: 'credit', amountEgp: 20_000, reason: 'crash test balance' },
    await superAdminToken(app),
  );
  const creds: { id: string; secret: string; idTag: string }[] = [];
  const at = new Date().toISOString();
  for (let i = 0; i < CHARGERS; i++) {
    const secret = `crash-secret-${i}-${randomUUID()}`;
    const { chargerId, result } = await registerCharger(app.commandBus, station.stationId, { secret });
    const idTag = `CRASH-${String(i).padStart(4, '0')}`;
    const metadata = {
      correlationId: randomUUID(),
      causationId: 'crash-test',
      actor: { type: 'system' as const, id: 'crash-test' },
      occurredAt: at,
      schemaVersion: 1,
    };
    await app.embedded.infra.eventStore.append(
      `id-token-${idTag}`,
      [{ eventId: randomUUID(), type: 'IdTokenIssued', data: { idTag, customerId, kind: 'card', expiresAt: null, at }, metadata }],
      'no_stream',
    );
    await app.embedded.runner.waitFor(result.position, 5000);
    creds.push({ id: chargerId, secret, idTag });
  }
  await writeFile(side('creds.json'), JSON.stringify(creds));
}

process.stdout.write(`ready ${app.baseUrl}\n`);

if (mode === 'verify') {
  const answered = JSON.parse(await readFile(side('answered.json'), 'utf8')) as { chargerId: string; transactionId: number }[];
  const store = app.embedded.infra.eventStore;
  const billed = async ({ chargerId, transactionId }: { chargerId: string; transactionId: number }) => {
    const [bound] = await store.readStream(`charger-tx-${chargerId}-${transactionId}`);
    const sessionId = (bound?.data as { sessionId?: string } | undefined)?.sessionId;
    if (!sessionId) return false;
    return (await store.readStream(`session-${sessionId}`)).some((e) => e.type === 'SessionBilled');
  };
  const deadline = Date.now() + 30_000;
  let missing = answered;
  while (missing.length > 0 && Date.now() < deadline) {
    const left = [];
    for (const tx of missing) if (!(await billed(tx))) left.push(tx);
    missing = left;
    if (missing.length > 0) await new Promise((r) => setTimeout(r, 250));
  }
  process.stdout.write(`result ${JSON.stringify({ answered: answered.length, missing })}\n`);
  await app.close({ keepData: true });
  process.exit(0);
}
