import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { BUS_TOPICS, type LiveChange } from '@evc/contracts';
import type { Bus, Consumer } from '@evc/platform';
import type { Principal } from '@evc/platform/auth/principal';
import { PUBLIC_LIVE_READ_MODELS } from '@evc/projections';
import type { AccountAccessCache } from '../identity/index';

interface Client {
  res: ServerResponse;
  /** What this stream may carry of a change, as sent (or null: not for this stream). */
  view(change: LiveChange): LiveChange | null;
  /** The signed-in account of a private stream: closed when the account's access changes past its token. */
  principal?: Principal;
}

/**
 * The read models the public pages follow (stations with their chargers' public state, governorates, prices): the
 * only ones the public stream carries. Everything else that changes without naming a customer is staff activity
 * (charger edits and key rotations, commands sent to chargers, accounts, roles, master data) and stays off it.
 */
export const PUBLIC_LIVE_COLLECTIONS: readonly string[] = PUBLIC_LIVE_READ_MODELS;

/** The public stream: never a private change (one naming customers), only public read models, optionally fewer. */
export function publicView(collections: string[] | null) {
  const wanted = new Set(collections ? collections.filter((c) => PUBLIC_LIVE_COLLECTIONS.includes(c)) : PUBLIC_LIVE_COLLECTIONS);
  return (change: LiveChange): LiveChange | null => (change.customerIds || !wanted.has(change.collection) ? null : change);
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

  constructor(
    private readonly bus: Bus,
    private readonly access: AccountAccessCache | null = null,
  ) {}

  async start(): Promise<void> {
    if (this.access) {
      await this.access.start();
      this.access.onAccessChange((ids) => this.revalidate(ids));
    }
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

  /** Takes over a response and keeps it open as an event stream; `view` decides what of each change it gets. */
  attach(res: ServerResponse, view: Client['view'], principal?: Principal): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const client: Client = { res, view, ...(principal ? { principal } : {}) };
    this.clients.add(client);
    res.on('close', () => this.clients.delete(client));
  }

  broadcast(change: LiveChange): void {
    const id = ++this.nextId;
    this.each((c) => {
      const sent = c.view(change);
      if (sent) c.res.write(`id: ${id}\nevent: change\ndata: ${JSON.stringify(sent)}\n\n`);
    });
  }

  /**
   * The access of these accounts changed (a password change, a ban, a role): each private stream whose token the
   * account has moved past gets `session-expired` and is closed, so the browser refreshes or signs out.
   */
  private revalidate(accountIds: readonly string[] | null): void {
    for (const c of this.clients) {
      const principal = c.principal;
      if (!principal || !this.access || (accountIds && !accountIds.includes(principal.accountId))) continue;
      this.access.assertCurrent(principal).catch(() => {
        this.clients.delete(c);
        if (!c.res.writableEnded) c.res.end('event: session-expired\ndata: {}\n\n');
      });
    }
  }

  /** Ends every stream so the HTTP server can close (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.access?.stop();
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
