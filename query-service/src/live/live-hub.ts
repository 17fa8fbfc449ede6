import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { BUS_TOPICS, type LiveChange } from '@evc/contracts';
import type { Bus, Consumer } from '@evc/platform';

interface Client {
  res: ServerResponse;
  collections: Set<string> | null;
}

const HEARTBEAT_MS = 15_000;

/**
 * Fans read-model change notices from the bus out to browsers over SSE. Each query-service process joins its own
 * consumer group, so every instance sees every notice.
 */
export class LiveHub {
  private readonly clients = new Set<Client>();
  private consumer: Consumer | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private nextId = 0;

  constructor(private readonly bus: Bus) {}

  async start(): Promise<void> {
    this.consumer = this.bus.subscribe<LiveChange>({ groupId: `live-${randomUUID()}`, topics: [BUS_TOPICS.readModelChanged] }, (m) =>
      this.broadcast(m.value),
    );
    this.heartbeat = setInterval(() => this.each((c) => c.res.write(': keep-alive\n\n')), HEARTBEAT_MS);
    this.heartbeat.unref();
    await this.consumer.ready;
  }

  get size(): number {
    return this.clients.size;
  }

  /** Takes over a response and keeps it open as an event stream. */
  attach(res: ServerResponse, collections: string[] | null): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const client: Client = { res, collections: collections ? new Set(collections) : null };
    this.clients.add(client);
    res.on('close', () => this.clients.delete(client));
  }

  broadcast(change: LiveChange): void {
    const frame = `id: ${++this.nextId}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;
    this.each((c) => {
      if (!c.collections || c.collections.has(change.collection)) c.res.write(frame);
    });
  }

  /** Ends every stream so the HTTP server can close (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.consumer?.stop();
    this.each((c) => c.res.end());
    this.clients.clear();
  }

  private each(fn: (c: Client) => void): void {
    for (const c of this.clients) {
      if (!c.res.writableEnded) fn(c);
    }
  }
}
