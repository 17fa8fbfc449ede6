import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { AttemptWindow } from '@evc/platform/auth/attempt-window';
import { createLogger } from '@evc/platform/logging/logger';
import { authenticateCharger, type ChargerAuthReader } from './charger-auth';

export const OCPP_PATH_PREFIX = '/ocpp/';
/** The reason the gateway closes a charger's older socket with when the same charger connects again. */
export const REPLACED_REASON = 'Replaced by a new connection';
/** The subprotocols served; a charger offering none of them is refused (no frame ever skips schema validation). */
export const OCPP_PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1'] as const;
/**
 * Failed charger logins (wrong key, unknown or deleted charger) per window: per charger id and address, and per
 * address. Nothing counts per charger id alone: ids are public, so such a limit would let anyone lock a charger out.
 */
export const LOGIN_LIMITS = { windowMs: 5 * 60_000, perChargerAddress: 10, perAddress: 100 };

/** What a login is decided on: the charger's upgrade request as ocpp-rpc reads it. */
export interface Handshake {
  identity: string;
  /** The path before the identity ("/ocpp"). */
  endpoint: string;
  protocols: Set<string>;
  password: Buffer | undefined;
  remoteAddress?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** An accepted login: the subprotocol and what the connection keeps of the charger's record. */
export interface AcceptedLogin {
  protocol: string;
  session: { stationId: string; secretHash: string };
}

export type LoginOutcome = ({ ok: true } & AcceptedLogin) | { ok: false; status: number; message: string };

/**
 * Who may open a charger connection (security profile 1): the OCPP endpoint, a served subprotocol, the
 * charger's id and secret key against its stored hash. The key is checked first, so a right key is always accepted,
 * however many wrong ones its charger id or its address drew (a stranger cannot lock a charger out, nor can a
 * guesser behind the same NAT or proxy). A wrong key counts against its (charger id, address) pair and its address;
 * past either limit in the window it is answered 429 instead of 401, and only the first such refusal of an address
 * in a window is logged. The check costs one keyed read and one SHA-256 of the presented key, about what reading the
 * upgrade request itself costs; what a flood costs beyond that is its log lines, which the per-address limit cuts
 * to one. Guessing is stopped by the key (24 random bytes), not by the limits. Counting happens after the check, in
 * one synchronous step, so parallel guesses count exactly. The gateway asks it in its own process (inline); with the
 * gateway in a process of its own, the launcher asks it before it hands the socket over.
 */
export class LoginGate {
  private readonly log = createLogger('ocpp');
  private readonly failures: AttemptWindow;
  /** Addresses whose throttled refusal was logged in the window (one line per address, not one per attempt). */
  private readonly throttledLogged: AttemptWindow;

  constructor(
    private readonly documents: ChargerAuthReader,
    private readonly limits: typeof LOGIN_LIMITS = LOGIN_LIMITS,
    /** Proxies in front (TRUST_PROXY): the charger's address is the one the nearest appended to X-Forwarded-For. */
    private readonly trustProxy = 0,
  ) {
    this.failures = new AttemptWindow(limits.windowMs);
    this.throttledLogged = new AttemptWindow(limits.windowMs);
  }

  async check(handshake: Handshake): Promise<LoginOutcome> {
    if (handshake.endpoint.replace(/\/$/, '') !== OCPP_PATH_PREFIX.replace(/\/$/, ''))
      return { ok: false, status: 404, message: 'Unknown endpoint' };
    // Without a subprotocol ws would accept the socket with none, and ocpp-rpc would validate nothing.
    const protocol = OCPP_PROTOCOLS.find((p) => handshake.protocols.has(p));
    if (!protocol) {
      this.log.warn('charger refused: no OCPP subprotocol', { chargerId: handshake.identity, offered: [...handshake.protocols].join(',') });
      return { ok: false, status: 400, message: 'Offer the ocpp1.6 or ocpp2.0.1 subprotocol' };
    }
    const address = this.addressOf(handshake);
    const pairKey = `ca:${handshake.identity}|${address}`;
    const addressKey = `i:${address}`;
    let outcome: Awaited<ReturnType<typeof authenticateCharger>>;
    try {
      outcome = await authenticateCharger(this.documents, handshake.identity, handshake.password);
    } catch (error) {
      this.log.error('charger auth failed', { chargerId: handshake.identity, error: String(error) });
      return { ok: false, status: 503, message: 'Try again later' };
    }
    // A success clears nothing: the right key needs no allowance, and a guesser sharing the charger's address
    // would otherwise start afresh at each of its logins.
    if (outcome.ok) return { ok: true, protocol, session: { stationId: outcome.stationId, secretHash: outcome.secretHash } };
    const counted = this.failures.take([
      [pairKey, this.limits.perChargerAddress],
      [addressKey, this.limits.perAddress],
    ]);
    if (counted.waitMs > 0) {
      if (this.throttledLogged.take([[addressKey, 1]]).waitMs === 0)
        this.log.warn('charger logins refused: too many failures from this address', { chargerId: handshake.identity, remote: address });
      return { ok: false, status: 429, message: 'Too many failed logins; try again later' };
    }
    this.log.warn('charger refused', { chargerId: handshake.identity, reason: outcome.reason, remote: address });
    return { ok: false, status: 401, message: 'Unauthorized' };
  }

  /** The charger's address: the socket's, or with TRUST_PROXY the one the nearest trusted proxy appended. */
  private addressOf(handshake: Handshake): string {
    const raw = handshake.headers['x-forwarded-for'];
    const chain = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return this.trustProxy > 0 && chain.length >= this.trustProxy
      ? chain[chain.length - this.trustProxy]!
      : (handshake.remoteAddress ?? 'unknown');
  }
}

/**
 * A charger's upgrade request read as ocpp-rpc's server reads it (the launcher decides the login before the gateway
 * process sees the socket): the identity is the last path segment, the password what follows "<identity>:" in
 * Basic credentials (OCPP allows binary keys and colons in the identity).
 */
export function readHandshake(request: IncomingMessage, remoteAddress: string | undefined): Handshake {
  const url = new URL(`http://localhost${request.url ?? '/'}`);
  const parts = url.pathname.split('/');
  const identity = safeDecode(parts.pop() ?? '');
  const endpoint = parts.join('/') || '/';
  const offered = request.headers['sec-websocket-protocol'];
  const protocols = new Set(
    (offered ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );
  let password: Buffer | undefined;
  const basic = /^ *basic +([A-Za-z0-9._~+/-]+=*) *$/i.exec(request.headers.authorization ?? '');
  if (basic) {
    const credentials = Buffer.from(basic[1]!, 'base64');
    const prefix = Buffer.from(`${identity}:`);
    if (credentials.length >= prefix.length && prefix.compare(credentials, 0, prefix.length) === 0)
      password = credentials.subarray(prefix.length);
  }
  return { identity, endpoint, protocols, password, ...(remoteAddress ? { remoteAddress } : {}), headers: request.headers };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Refuses an upgrade with an HTTP status, as ocpp-rpc does, and closes the socket. */
export function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
    );
  }
  socket.destroy();
}
