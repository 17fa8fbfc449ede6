import { createServer, type Server } from 'node:http';
import { RPCClient } from 'ocpp-rpc';
import {
  BUS_TOPICS,
  type InboundChargerMessage,
  type OcppAuthorizeReply,
  type OcppAuthorizeRequest,
  type OcppFrame,
  type IdTokenStatus,
} from '@evc/contracts';
import { createInProcessBus } from '@evc/platform/bus/index';
import type { Bus } from '@evc/platform';
import { OcppGateway } from '@evc/ocpp-gateway';
import { aStation, givenGovernorate, registerCharger, registerStation } from './factories';
import type { TestApp } from './app';

/**
 * A gateway node on a bus of its own (the app's documents authenticate chargers), so a test sees exactly what the
 * node publishes and plays the command side itself: `answers` decides authorizations (undefined: no answer, the
 * node falls back after `authorizeTimeoutMs`).
 */
export interface OcppNode {
  bus: Bus;
  gateway: OcppGateway;
  url: string;
  inbound: InboundChargerMessage[];
  /** The message log's frames (`ocpp.frames`): what the chargers sent, as they sent it. */
  frames: OcppFrame[];
  questions: OcppAuthorizeRequest[];
  answers: (question: OcppAuthorizeRequest) => { status: IdTokenStatus; expiryDate?: string } | undefined;
  charger(version: '1.6' | '2.0.1'): Promise<{ chargerId: string; secret: string }>;
  connect(version: '1.6' | '2.0.1'): Promise<{ chargerId: string; client: RPCClient }>;
  close(): Promise<void>;
}

/** `sharing`: a second node on the first one's bus (its inbound messages and questions are the first one's lists). */
export async function startOcppNode(
  app: TestApp,
  options: { authorizeTimeoutMs: number; nodeId?: string; sharing?: OcppNode },
): Promise<OcppNode> {
  const bus = options.sharing?.bus ?? createInProcessBus({ retryDelayMs: 10 });
  const nodeId = options.nodeId ?? 'test-node';
  const gateway = new OcppGateway({
    documents: app.embedded.infra.documents,
    bus,
    watchdogEveryMs: 0,
    nodeId,
    authorizeTimeoutMs: options.authorizeTimeoutMs,
  });
  const server: Server = createServer();
  server.on('upgrade', (request, socket, head) => gateway.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await gateway.ready;
  await givenGovernorate(app.commandBus);
  const stationId = aStation().stationId;
  await registerStation(app.commandBus, { ...aStation(), stationId });
  const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  const clients: RPCClient[] = [];
  const node: OcppNode = {
    bus,
    gateway,
    url,
    inbound: options.sharing?.inbound ?? [],
    frames: options.sharing?.frames ?? [],
    questions: options.sharing?.questions ?? [],
    answers: () => ({ status: 'Accepted' }),
    async charger(version) {
      const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId, { ocppVersion: version });
      await app.embedded.runner.waitFor(result.position, 2000);
      return { chargerId, secret };
    },
    async connect(version) {
      const { chargerId, secret } = await node.charger(version);
      const client = new RPCClient({
        endpoint: `${url}/ocpp`,
        identity: chargerId,
        password: secret,
        protocols: [`ocpp${version}`],
        reconnect: false,
        strictMode: true,
      } as ConstructorParameters<typeof RPCClient>[0]);
      clients.push(client);
      await client.connect();
      return { chargerId, client };
    },
    async close() {
      await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
      await gateway.close();
      await new Promise((resolve) => server.close(resolve));
      if (!options.sharing) await bus.close();
    },
  };
  if (options.sharing) return node;
  bus.subscribe<InboundChargerMessage>(
    { groupId: 'test-inbound', topics: [BUS_TOPICS.ocppInbound] },
    ({ value }) => void node.inbound.push(value),
  );
  bus.subscribe<OcppFrame>({ groupId: 'test-frames', topics: [BUS_TOPICS.ocppFrames] }, ({ value }) => void node.frames.push(value));
  bus.subscribe<OcppAuthorizeRequest>({ groupId: 'test-command-side', topics: [BUS_TOPICS.ocppAuthorize] }, async ({ value }) => {
    node.questions.push(value);
    const answer = node.answers(value);
    if (!answer) return;
    const reply: OcppAuthorizeReply = {
      requestId: value.requestId,
      nodeId: value.nodeId,
      chargerId: value.chargerId,
      idTag: value.idTag,
      status: answer.status,
      expiryDate: answer.expiryDate ?? null,
    };
    await bus.publish(BUS_TOPICS.ocppAuthorizeReplies, [{ key: value.nodeId, value: reply }]);
  });
  return node;
}
