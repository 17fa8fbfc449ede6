/**
 * The simulated charger's fault and silence switches (tests and demos of the alerts): fault a connector with an OCPP
 * error code, recover it, fall silent (no heartbeats, no messages; the socket kept or dropped), speak again.
 */

/** What the switches need of their charger (given by simulator.ts). */
export interface FaultHost {
  /** The connector's state machine: Faulted or Available, reported at once (a connector charging a car is left alone). */
  setFault: (connectorId: number, faulted: boolean) => void;
  /** What a Faulted connector reports. */
  faultDetails: () => Map<number, { errorCode: string; info?: string; vendorErrorCode?: string }>;
  /** Closes the socket (falling silent with `dropSocket`). */
  drop: () => Promise<void>;
  /** Connects again (speaking again after a dropped socket). */
  reconnect: () => void;
  /** Sends a Heartbeat now (speaking again on a kept socket). */
  heartbeat: () => void;
  connected: () => boolean;
}

export interface FaultDetails {
  /** 1.6 ChargePointErrorCode, e.g. GroundFailure (2.0.1's StatusNotification carries none); OtherError by default. */
  errorCode?: string;
  info?: string;
  vendorErrorCode?: string;
}

export class FaultSwitches {
  /** While silent the charger sends nothing and does not reconnect. */
  silent = false;

  constructor(private readonly host: FaultHost) {}

  /** StatusNotification Faulted on a connector, with its error code, text and the vendor's code. */
  fault(connectorId: number, d: FaultDetails = {}): void {
    this.host.faultDetails().set(connectorId, {
      errorCode: d.errorCode ?? 'OtherError',
      ...(d.info ? { info: d.info } : {}),
      ...(d.vendorErrorCode ? { vendorErrorCode: d.vendorErrorCode } : {}),
    });
    this.host.setFault(connectorId, true);
  }

  /** The connector is Available again. */
  recover(connectorId: number): void {
    this.host.setFault(connectorId, false);
    this.host.faultDetails().delete(connectorId);
  }

  /** Stops heartbeats and every message; `dropSocket` also closes the connection (and it stays closed). */
  async fallSilent(options: { dropSocket?: boolean } = {}): Promise<void> {
    this.silent = true;
    if (options.dropSocket && this.host.connected()) await this.host.drop();
  }

  /** Speaks again: a dropped connection connects again (and boots); a kept one sends a Heartbeat at once. */
  speakAgain(): void {
    this.silent = false;
    if (this.host.connected()) this.host.heartbeat();
    else this.host.reconnect();
  }

  /** A call refused while silent: the outbox keeps it and sends it once the charger speaks again. */
  refusal(): Promise<never> | null {
    return this.silent ? Promise.reject(new Error('silent')) : null;
  }
}

/** What the command line's fault plan needs of a charger. */
interface PlannedCharger {
  spec: { id: string; connectorIds?: number[] };
  connected: boolean;
  faults: FaultSwitches;
}

/**
 * `npm run simulate -- --fault K --silent S`: once connected, the first K chargers fault their first connector with
 * `code`, and the last S fall silent keeping their socket. Call the answer at each summary; each charger is touched once.
 */
export function faultPlan(plan: { fault: number; silent: number; code: string }): (chargers: PlannedCharger[]) => void {
  const done = new Set<string>();
  return (chargers) =>
    chargers.forEach((charger, i) => {
      if (!charger.connected || done.has(charger.spec.id)) return;
      if (i < plan.fault) charger.faults.fault(charger.spec.connectorIds?.[0] ?? 1, { errorCode: plan.code });
      else if (i >= chargers.length - plan.silent) void charger.faults.fallSilent();
      else return;
      done.add(charger.spec.id);
    });
}
