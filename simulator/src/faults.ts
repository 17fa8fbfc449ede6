/**
 * The simulated charger's fault and silence switches (tests and demos of the alerts): fault a connector with an OCPP
 * error code, recover it, fall silent (no heartbeats, no messages; the socket kept or dropped), speak again.
 */

/** What the switches need of their charger (given by simulator.ts). */
export interface FaultHost {
  v201: () => boolean;
  /** Sends a call after those queued before it (the charger's outbox). */
  send: (action: string, build: () => Record<string, unknown>) => Promise<unknown>;
  /** Closes the socket (falling silent with `dropSocket`). */
  drop: () => Promise<void>;
  /** Connects again (speaking again after a dropped socket). */
  reconnect: () => void;
  connected: () => boolean;
}

export interface FaultDetails {
  /** 1.6 ChargePointErrorCode, e.g. GroundFailure (2.0.1's StatusNotification carries none). */
  errorCode?: string;
  info?: string;
  vendorErrorCode?: string;
}

export class FaultSwitches {
  /** While silent the charger sends nothing and does not reconnect. */
  silent = false;

  constructor(private readonly host: FaultHost) {}

  /** StatusNotification Faulted on a connector, with its error code, text and the vendor's code. */
  fault(connectorId: number, details: FaultDetails = {}): Promise<unknown> {
    return this.status(connectorId, 'Faulted', details);
  }

  /** The connector is Available again. */
  recover(connectorId: number): Promise<unknown> {
    return this.status(connectorId, 'Available', {});
  }

  /** Stops heartbeats and every message; `dropSocket` also closes the connection (and it stays closed). */
  async fallSilent(options: { dropSocket?: boolean } = {}): Promise<void> {
    this.silent = true;
    if (options.dropSocket && this.host.connected()) await this.host.drop();
  }

  /** Speaks again: what waited in the outbox goes out; a dropped connection connects again. */
  speakAgain(): void {
    this.silent = false;
    if (!this.host.connected()) this.host.reconnect();
  }

  /** A call refused while silent: the outbox keeps it and sends it once the charger speaks again. */
  refusal(): Promise<never> | null {
    return this.silent ? Promise.reject(new Error('silent')) : null;
  }

  private status(connectorId: number, status: 'Faulted' | 'Available', d: FaultDetails): Promise<unknown> {
    const timestamp = () => new Date().toISOString();
    if (this.host.v201()) {
      return this.host.send('StatusNotification', () => ({ timestamp: timestamp(), connectorStatus: status, evseId: connectorId, connectorId: 1 }));
    }
    // 1.6 schema: info and vendorErrorCode are optional strings, so an absent one is left out rather than sent null.
    const error =
      status === 'Faulted'
        ? { errorCode: d.errorCode ?? 'OtherError', ...(d.info ? { info: d.info } : {}), ...(d.vendorErrorCode ? { vendorErrorCode: d.vendorErrorCode } : {}) }
        : { errorCode: 'NoError' };
    return this.host.send('StatusNotification', () => ({ connectorId, status, timestamp: timestamp(), ...error }));
  }
}
