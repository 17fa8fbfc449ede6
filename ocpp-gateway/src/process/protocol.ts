/**
 * The messages between the embedded launcher and its OCPP gateway process, over Node's IPC channel
 * (JSON). Sockets travel as the channel's handle beside an `upgrade` message.
 */
import type { ConsumerOptions, Doc, Filter, IncomingMessage, OutgoingMessage } from '@evc/platform';
import type { AcceptedLogin } from '../login-gate';

/** What the gateway process needs of the configuration; given as JSON in EVC_GATEWAY_OPTIONS. */
export interface GatewayProcessOptions {
  /** Its own write-ahead log of what chargers said (ocpp.inbound), before it answers them. */
  dataDir: string;
  fsync: boolean;
  maxFrameBytes: number;
  trustProxy: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

/** Topics the gateway publishes, forwarded to the launcher's bus (ocpp.inbound only once on the process's disk). */
export type Forwarded = { topic: string; messages: OutgoingMessage[] };

export type ToGateway =
  /** A charger's HTTP upgrade, its login accepted by the launcher; the socket is the message's handle. */
  | {
      t: 'upgrade';
      url: string;
      method: string;
      headers: Record<string, string | string[] | undefined>;
      head: string;
      remoteAddress: string | null;
      login: AcceptedLogin;
    }
  /** A message of a subscription the gateway made on the launcher's bus; answer with `delivered`. */
  | { t: 'deliver'; sub: number; id: number; message: IncomingMessage }
  /** The answer to one of the gateway's requests (`id` is the request's); `doc` answers `find`. */
  | { t: 'reply'; id: number; error?: string; doc?: Doc | null }
  /** Send `stats` now. */
  | { t: 'report' }
  /** Start the V8 CPU profiler (`file` null), or stop it and write the profile to `file`; then send `stats`. */
  | { t: 'profile'; file: string | null }
  /** Stop taking chargers, close them (1001), flush, exit. */
  | { t: 'drain' };

export type FromGateway =
  /** Started: its bus and subscriptions exist, upgrades may come. */
  | { t: 'ready'; nodeId: string }
  /** Forwarded messages that include what chargers said (ocpp.inbound): answered once the launcher has them on disk. */
  | { t: 'publish'; id: number; batch: Forwarded[] }
  /** Forwarded messages of the other topics (frames, command results, authorization questions): not answered. */
  | { t: 'post'; batch: Forwarded[] }
  | { t: 'subscribe'; id: number; sub: number; options: ConsumerOptions }
  | { t: 'unsubscribe'; id: number; sub: number }
  /** The charger_auth record of one charger (the only read the gateway makes: is a connection's key still valid?). */
  | { t: 'find'; id: number; collection: string; filter: Filter }
  | { t: 'delivered'; id: number; error?: string }
  /** Chargers held, the process's memory (bytes) and CPU time (µs), sent every second, when asked and at the end. */
  | { t: 'stats'; connected: number; heapUsed: number; rss: number; cpuUserUs: number; cpuSystemUs: number };

export const GATEWAY_OPTIONS_ENV = 'EVC_GATEWAY_OPTIONS';

/** An error as it crosses the channel: its message. */
export const errorText = (error: unknown): string => String((error as Error | null)?.message ?? error);
