import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS_TOPICS, type InboundChargerMessage, type OutboundOcppCommand, type OutboundOcppResult } from '@evc/contracts';
import type { Bus, DocumentStore } from '@evc/platform';
import { createKafkaBus } from '@evc/platform/bus/index';
import { openMongoDocumentStore } from '@evc/platform/documents/index';
import { RM } from '@evc/projections';
import { reportSkip } from '../support/docker';
import { enginesInfo, startEngine, type StartedEngine } from '../support/engines';
import { ROOT, freePort } from '../support/process';

/**
 * The cluster's gateway tier on a real Kafka: two gateway processes (tests/support/cluster-gateway-node.ts: the
 * gateway's own composition on the Kafka bus and the read models on the MongoDB-wire server) share one broker.
 * A charger on node A gets a command from ocpp.outbound; A is killed with SIGKILL while chargers talk; they reconnect
 * to node B, which then delivers the next command; every call a charger got an answer for is in ocpp.inbound once.
 */
const SUITE = 'OCPP gateway tier on Kafka';
const CHARGERS = 12;
const SEND_EVERY_MS = 100;

type Node = { child: ChildProcess; port: number; out: () => string; exited: Promise<unknown> };

function startNode(urls: { kafka: string; mongo: string }, db: string, port: number): Node {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/support/cluster-gateway-node.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ENGINE_KAFKA_BROKERS: urls.kafka,
      ENGINE_MONGODB_URL: urls.mongo,
      ENGINE_MONGODB_DB: db,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, port, out: () => out, exited };
}

/** The engines the global setup started; with Docker (it starts none) this suite starts its own through the scripts. */
async function engines(): Promise<
  { kind: 'local'; urls: { kafka: string; mongo: string } } | { kind: 'own' } | { kind: 'skip'; reason: string }
> {
  const info = await enginesInfo();
  if (!info) return { kind: 'skip', reason: "the engines project's global setup did not run (run it with --project engines)" };
  if (info.docker) return { kind: 'own' };
  const { kafka, mongo } = info.engines;
  if ('url' in kafka && 'url' in mongo) return { kind: 'local', urls: { kafka: kafka.url, mongo: mongo.url } };
  return {
    kind: 'skip',
    reason: ['skip' in kafka ? `kafka: ${kafka.skip}` : '', 'skip' in mongo ? `mongo: ${mongo.skip}` : ''].filter(Boolean).join('; '),
  };
}

/** A charger with a raw ocpp-rpc client: its calls, which of them were answered, and the commands it received where. */
class Charger {
  client: RPCClient | null = null;
  node = '';
  readonly answered = new Set<string>();
  readonly commands: { action: string; node: string }[] = [];
  private pending: Promise<unknown> | null = null;
  constructor(
    readonly id: string,
    readonly secret: string,
  ) {}

  async connect(node: string, port: number): Promise<void> {
    const client = new RPCClient({
      endpoint: `ws://127.0.0.1:${port}/ocpp`,
      identity: this.id,
      password: this.secret,
      protocols: ['ocpp1.6'],
      reconnect: false,
      strictMode: true,
    } as ConstructorParameters<typeof RPCClient>[0]);
    // Answered means the charger read the CALLRESULT: those are the message ids that must be in ocpp.inbound once.
    client.on('message', ({ message, outbound }: { message: Buffer | string; outbound: boolean }) => {
      if (outbound) return;
      const frame = JSON.parse(message.toString()) as unknown[];
      if (frame[0] === 3) this.answered.add(String(frame[1]));
    });
    client.handle(({ method }) => {
      this.commands.push({ action: String(method), node: this.node });
      return Promise.resolve({ status: 'Accepted' });
    });
    await client.connect();
    this.client = client;
    this.node = node;
  }

  /** One StatusNotification; a call lost with its connection is sent again on the next one (a new message id). */
  async report(seq: number): Promise<void> {
    const client = this.client;
    if (!client || this.pending) return;
    const status = seq % 2 === 0 ? 'Available' : 'Preparing';
    this.pending = client
      .call(
        'StatusNotification',
        { connectorId: 1, errorCode: 'NoError', status, timestamp: new Date().toISOString() },
        { callTimeoutMs: 5000 },
      )
      .catch(() => undefined)
      .finally(() => (this.pending = null));
    await this.pending;
  }
}

const plan = await engines();
if (plan.kind === 'skip') reportSkip(SUITE, plan.reason);

(plan.kind === 'skip' ? describe.skip : describe)(SUITE, () => {
  const own: StartedEngine[] = [];
  let urls = { kafka: '', mongo: '' };
  let bus: Bus;
  let documents: DocumentStore;
  const db = `gw_failover_${process.pid}`;
  const nodes: Node[] = [];
  const chargers = Array.from({ length: CHARGERS }, (_, i) => new Charger(`GW-KAFKA-${i}`, randomBytes(12).toString('hex')));
  const results: OutboundOcppResult[] = [];

  beforeAll(async () => {
    if (plan.kind === 'local') urls = plan.urls;
    else {
      const [kafka, mongo] = await Promise.all([startEngine('kafka'), startEngine('mongo')]);
      own.push(kafka, mongo);
      urls = { kafka: kafka.url, mongo: mongo.url };
    }
    // The command side's part, played by the test: the charger_auth read model and the bus.
    documents = await openMongoDocumentStore(urls.mongo, db);
    for (const c of chargers) {
      await documents.collection(RM.chargerAuth).insertOne({
        _id: c.id,
        stationId: 'S-GW',
        ocppVersion: '1.6',
        deleted: false,
        secretHash: createHash('sha256').update(c.secret).digest('hex'),
      });
    }
    bus = await createKafkaBus({ brokers: [urls.kafka], clientId: 'gw-failover-test' });
    const consumer = bus.subscribe<OutboundOcppResult>(
      { groupId: `gw-failover-results-${randomUUID()}`, topics: [BUS_TOPICS.ocppOutboundResults] },
      ({ value }) => {
        results.push(value);
      },
    );
    await consumer.ready;
    const [a, b] = [await freePort(), await freePort()];
    nodes.push(startNode(urls, db, a), startNode(urls, db, b));
    for (const deadline = Date.now() + 90_000; !nodes.every((n) => /\[ocpp-gateway\] started/.test(n.out())); ) {
      if (Date.now() > deadline || nodes.some((n) => n.child.exitCode !== null))
        throw new Error(`the gateway nodes did not start:\n${nodes.map((n) => n.out()).join('\n')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(chargers.map((c) => c.client?.close({ force: true }).catch(() => undefined)));
    for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill('SIGTERM');
    await Promise.all(nodes.map((n) => Promise.race([n.exited, new Promise((r) => setTimeout(r, 10_000))])));
    await bus?.close();
    await documents?.close();
    await Promise.all(own.map((e) => e.stop()));
  });

  const command = async (chargerId: string): Promise<string> => {
    const commandId = randomUUID();
    await bus.publish<OutboundOcppCommand>(BUS_TOPICS.ocppOutbound, [
      {
        key: chargerId,
        value: { commandId, chargerId, request: { action: 'Reset', type: 'Soft' }, requestedAt: new Date().toISOString() },
      },
    ]);
    return commandId;
  };

  it(
    'keeps commands reaching a charger and its answered calls in ocpp.inbound once when a node is killed',
    { timeout: 120_000 },
    async () => {
      const [nodeA, nodeB] = nodes as [Node, Node];
      await Promise.all(chargers.map((c) => c.connect('A', nodeA.port)));
      let traffic = true;
      let seq = 0;
      const talking = (async () => {
        while (traffic) {
          seq++;
          for (const c of chargers) void c.report(seq);
          await new Promise((r) => setTimeout(r, SEND_EVERY_MS));
        }
      })();
      const target = chargers[0]!;

      // A command from the command side reaches the charger through the node holding its socket.
      const first = await command(target.id);
      await expect.poll(() => target.commands, { timeout: 10_000 }).toContainEqual({ action: 'Reset', node: 'A' });
      await expect.poll(() => results.find((r) => r.commandId === first)?.status, { timeout: 10_000 }).toBe('accepted');

      // Node A dies mid-traffic; its chargers come back on node B.
      await new Promise((r) => setTimeout(r, 1000));
      const answeredBeforeKill = chargers.reduce((n, c) => n + c.answered.size, 0);
      nodeA.child.kill('SIGKILL');
      await nodeA.exited;
      for (const c of chargers) c.client = null;
      await Promise.all(chargers.map((c) => c.connect('B', nodeB.port)));

      // The next command reaches it there.
      const second = await command(target.id);
      await expect.poll(() => target.commands, { timeout: 10_000 }).toContainEqual({ action: 'Reset', node: 'B' });
      await expect.poll(() => results.find((r) => r.commandId === second)?.status, { timeout: 10_000 }).toBe('accepted');
      await new Promise((r) => setTimeout(r, 1000));
      traffic = false;
      await talking;
      await Promise.all(chargers.map((c) => c.report(-1)));
      const answered = new Map(chargers.map((c) => [c.id, c.answered]));
      const answeredCount = chargers.reduce((n, c) => n + c.answered.size, 0);
      expect(answeredBeforeKill).toBeGreaterThan(0);
      expect(answeredCount).toBeGreaterThan(answeredBeforeKill);

      // ocpp.inbound from the beginning, with a fresh group, up to its end as of now.
      const kafka = new Kafka({ brokers: [urls.kafka], clientId: 'gw-failover-verify', logLevel: logLevel.NOTHING });
      const admin = kafka.admin();
      await admin.connect();
      const ends = new Map((await admin.fetchTopicOffsets(BUS_TOPICS.ocppInbound)).map((p) => [p.partition, Number(p.high)]));
      await admin.disconnect();
      const reached = new Map<number, number>();
      const seen = new Map<string, number>();
      const reader = bus.subscribe<InboundChargerMessage>(
        { groupId: `gw-failover-verify-${randomUUID()}`, topics: [BUS_TOPICS.ocppInbound], fromBeginning: true },
        ({ value, partition, offset }) => {
          reached.set(partition, offset + 1);
          if (value.message.type !== 'StatusReported') return;
          const key = `${value.chargerId} ${value.messageId}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        },
      );
      await expect.poll(() => [...ends].every(([p, high]) => (reached.get(p) ?? 0) >= high), { timeout: 30_000, interval: 200 }).toBe(true);
      await reader.stop();

      const counts: Record<string, number> = {};
      for (const [chargerId, ids] of answered) for (const id of ids) counts[`${chargerId} ${id}`] = seen.get(`${chargerId} ${id}`) ?? 0;
      const notOnce = Object.entries(counts).filter(([, n]) => n !== 1);
      expect(notOnce).toEqual([]);
      expect(Object.keys(counts).length).toBe(answeredCount);
    },
  );
});
