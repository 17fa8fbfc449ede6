import { RPCServer } from 'ocpp-rpc';
import { OCPP_PROTOCOLS, type AcceptedLogin, type LoginGate } from './login-gate';

/** Largest WebSocket frame a charger may send, checked by ws from the frame header before anything is parsed. */
export const MAX_FRAME_BYTES = 256 * 1024;

export interface AdmissionOptions {
  /** Largest frame a charger may send, bytes (default MAX_FRAME_BYTES). */
  maxFrameBytes?: number;
  /** Logins were decided before the socket arrived: the accepted login rides on the upgrade request. */
  loginsCheckedBefore?: boolean;
}

/**
 * The OCPP-J server and whom it admits: a charger that logs in (LoginGate: subprotocol, key, throttled wrong keys),
 * or, when the launcher decided the login before handing the socket over, one whose request carries that login (an
 * upgrade without one is refused). Strict validation of every call and result in both protocols; frames over
 * maxFrameBytes are refused by ws from the frame header (close 1009), before any byte of them is parsed.
 */
export function admittingServer(options: AdmissionOptions, logins: LoginGate): RPCServer {
  const server = new RPCServer({
    protocols: [...OCPP_PROTOCOLS],
    strictMode: true,
    // No ping timer per client (a timer, an emitter and abort controllers each): the watchdog's one sweep pings
    // quiet connections instead (keepAlive).
    pingIntervalMs: 0,
    wssOptions: { maxPayload: options.maxFrameBytes ?? MAX_FRAME_BYTES },
  });
  server.auth((accept, reject, handshake) => {
    if (options.loginsCheckedBefore) {
      const login = (handshake.request as { login?: AcceptedLogin }).login;
      return login ? accept(login.session, login.protocol) : reject(500, 'Login not checked');
    }
    void logins
      .check(handshake)
      .then((outcome) => (outcome.ok ? accept(outcome.session, outcome.protocol) : reject(outcome.status, outcome.message)));
  });
  return server;
}
