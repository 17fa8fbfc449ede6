import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RPCClient } from 'ocpp-rpc';
import { CallDeadlines, REPLACED_REASON } from '@evc/ocpp-gateway';
import { ChargingPoint, DEFAULT_CHARGING, type ChargingOptions } from './charging';
import { FaultSwitches } from './faults';
import { LocalAuthList, handleLocalList, presentCard, type CardDecision } from './local-list';
import { SimulatedDiagnostics } from './diagnostics';
import { profileOf } from './power-curve';
import { SimulatedFirmware, type FirmwareOptions } from './firmware';

/** One entry of DATA_DIR/demo-chargers.json (written by the demo seed). */
export interface SimulatedChargerSpec {
  id: string;
  secret: string;
  ocppVersion: '1.6' | '2.0.1';
  /** Connector (1.6) / EVSE (2.0.1) numbers; the demo chargers have two. */
  connectorIds?: number[];
  /** AC 22 kW / DC 50 kW by default, from the id (…-DC1 is DC). */
  current?: 'AC' | 'DC';
  maxPowerKw?: number;
  /** A charger that does not do smart charging: it answers every SetChargingProfile NotSupported (2.0.1: Rejected). */
  refuseProfiles?: boolean;
}

export interface SimulatorOptions {
  /** Server base, e.g. ws://127.0.0.1:3000 (the chargers connect to <url>/ocpp/<id>). */
  url: string;
  chargers: SimulatedChargerSpec[];
  /** Reconnect back-off: first delay and ceiling (doubles each failed attempt). */
  backoffMs?: { initial: number; max: number };
  /** Meter value interval, plug-in delay, battery (see ChargingOptions; defaults DEFAULT_CHARGING). */
  charging?: Partial<ChargingOptions>;
  /**
   * Queue messages while offline and send them in order on reconnect (after boot), as chargers with an offline
   * queue do; a call whose answer was lost with the connection is sent again (a duplicate for the server). Without
   * it, what happens offline is not reported.
   */
  offlineQueue?: boolean;
  /**
   * Give way when the server replaces this connection with another charger's of the same id (a real charger or
   * another simulator): stop instead of reconnecting, so the two never take the id from each other in turn.
   */
  yieldWhenReplaced?: boolean;
  /** Told each time a connector's power changes (W): what a test watching a site's total draw reads. */
  onPower?: (chargerId: string, connectorId: number, powerW: number) => void;
  /** How firmware updates go (simulator/src/firmware.ts). */
  firmware?: FirmwareOptions;
}

export interface SimulatorStats {
  chargers: number;
  connected: number;
  messagesSent: number;
  errors: number;
  /** Connectors with a transaction running. */
  charging: number;
  /** Messages waiting in the chargers' outboxes. */
  queued: number;
}

export const loadDemoChargers = async (dataDir: string): Promise<SimulatedChargerSpec[]> =>
  JSON.parse(await readFile(path.join(dataDir, 'demo-chargers.json'), 'utf8')) as SimulatedChargerSpec[];

type Client = InstanceType<typeof RPCClient>;

/** How long a simulated charger waits for the server's answer to a call (ocpp-rpc's default, which it used before). */
export const SIMULATOR_CALL_TIMEOUT_MS = 60_000;
/** The time limits of every simulated charger's calls in this process: one sweep (call-deadlines.ts). */
const deadlines = new CallDeadlines();

interface Outgoing {
  action: string;
  build: () => Record<string, unknown>;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * A charger without hardware: connects with its own protocol version, boots, reports its connectors, heartbeats at
 * the interval the server answers, and reconnects with back-off when the connection drops. It obeys staff commands
 * (Reset, UnlockConnector, ChangeAvailability: Accepted/Unlocked; TriggerMessage: Accepted, then sends the
 * requested message; GetConfiguration/GetVariables and ChangeConfiguration/SetVariables on a small in-memory
 * configuration), remote start / stop and reservations (charging.ts), and sends meter values while charging.
 * Status and transaction messages go through one outbox, in order.
 */
export class SimulatedCharger {
  connected = false;
  /** The server gave this charger's id to another connection and this one gave way (yieldWhenReplaced). */
  replaced = false;
  messagesSent = 0;
  errors = 0;
  readonly charging: ChargingPoint;
  /** SendLocalList / GetLocalListVersion, and cards decided offline (local-list.ts). */
  readonly localList = new LocalAuthList();
  /** GetDiagnostics / GetLog: uploads a small log (diagnostics.ts). */
  readonly diagnostics: SimulatedDiagnostics;
  /** Fault a connector, fall silent, speak again (faults.ts). */
  readonly faults = new FaultSwitches({
    setFault: (connectorId, faulted) => this.charging.setFault(connectorId, faulted),
    faultDetails: () => this.charging.faultDetails,
    drop: () => this.client?.close({ code: 1000, reason: 'Simulated silence' }).then(() => undefined) ?? Promise.resolve(),
    reconnect: () => void this.connect(),
    heartbeat: () => void this.enqueue('Heartbeat', () => ({})).catch(() => this.errors++),
    connected: () => this.connected,
  });
  /** UpdateFirmware: fetch, check, report each status, reboot with the new version (firmware.ts). */
  readonly firmware: SimulatedFirmware;
  private readonly outbox: Outgoing[] = [];
  private booted = false;
  private draining = false;
  private client: Client | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private attempt = 0;
  private stopped = false;
  /** The simulated configuration (1.6 keys; 2.0.1 reads them as variables of any component). */
  readonly configuration = new Map<string, string>([
    ['HeartbeatInterval', '60'],
    ['MeterValueSampleInterval', '60'],
    ['NumberOfConnectors', '2'],
  ]);

  constructor(
    readonly spec: SimulatedChargerSpec,
    private readonly options: SimulatorOptions,
  ) {
    this.diagnostics = new SimulatedDiagnostics(spec.id, spec.ocppVersion === '2.0.1', (action, build) => this.enqueue(action, build));
    this.charging = new ChargingPoint(
      spec.ocppVersion === '2.0.1',
      spec.connectorIds ?? [1, 2],
      profileOf(spec.id, spec.current, spec.maxPowerKw),
      { ...DEFAULT_CHARGING, ...options.charging },
      (action, build) => this.enqueue(action, build),
      () => this.errors++,
    );
    const onPower = options.onPower;
    if (onPower) this.charging.onPower = (connectorId, powerW) => onPower(spec.id, connectorId, powerW);
    const reboot = () => void this.client?.close({ code: 1012, reason: 'Rebooting' }).catch(() => undefined);
    const firmware = { id: spec.id, secret: spec.secret, v201: spec.ocppVersion === '2.0.1', reboot };
    this.firmware = new SimulatedFirmware({ ...firmware, send: (a, p) => this.enqueue(a, () => p) }, options.firmware);
  }

  get queued(): number {
    return this.outbox.length;
  }

  /**
   * Sends a call after those queued before it. Offline: queued when the offline queue is on, else refused. A call
   * lost with the connection stays first in line; one the server refuses (CALLERROR) is dropped.
   */
  enqueue(action: string, build: () => Record<string, unknown>): Promise<unknown> {
    if (!this.connected && !this.options.offlineQueue) return Promise.reject(new Error('offline'));
    return new Promise((resolve, reject) => {
      this.outbox.push({ action, build, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.connected && this.booted && this.client && this.outbox.length > 0) {
        const next = this.outbox[0]!;
        try {
          const answer = await this.call(this.client, next.action, next.build());
          this.outbox.shift();
          next.resolve(answer);
        } catch (error) {
          if (!(error as { rpcErrorCode?: string }).rpcErrorCode) {
            // No answer (connection lost, timeout): try again later, first in line.
            if (this.connected) setTimeout(() => void this.drain(), 1000).unref();
            break;
          }
          this.outbox.shift();
          next.reject(error);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  get protocol(): string {
    return this.spec.ocppVersion === '2.0.1' ? 'ocpp2.0.1' : 'ocpp1.6';
  }

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.charging.close();
    if (this.retry) clearTimeout(this.retry);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.client?.close({ code: 1000, reason: 'Simulator stopping' }).catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const options = {
      endpoint: `${this.options.url.replace(/\/$/, '')}/ocpp`,
      identity: this.spec.id,
      password: this.spec.secret,
      protocols: [this.protocol],
      reconnect: false,
      strictMode: true,
    };
    const client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    this.client = client;
    this.handleCommands(client);
    client.on('close', (info: { reason?: unknown } | undefined) => {
      if (this.options.yieldWhenReplaced && String(info?.reason ?? '') === REPLACED_REASON) {
        this.replaced = true;
        void this.stop();
      }
      this.connected = false;
      this.booted = false;
      if (!this.options.offlineQueue) for (const lost of this.outbox.splice(0)) lost.reject(new Error('offline'));
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      this.connected = true;
      this.attempt = 0;
      await this.boot(client);
    } catch {
      this.errors++;
      if (this.connected) return void client.close({ code: 1011, reason: 'Boot failed' }).catch(() => undefined);
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry || this.faults.silent) return;
    const { initial, max } = this.options.backoffMs ?? { initial: 1000, max: 30_000 };
    const delay = Math.min(max, initial * 2 ** this.attempt++) * (0.75 + Math.random() * 0.5);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, delay);
    this.retry.unref();
  }

  private async call(client: Client, action: string, payload: unknown): Promise<unknown> {
    const silent = this.faults.refusal();
    if (silent) return silent;
    this.messagesSent++;
    return deadlines.call(client, action, payload, SIMULATOR_CALL_TIMEOUT_MS);
  }

  private get v201(): boolean {
    return this.spec.ocppVersion === '2.0.1';
  }

  private sendBoot(client: Client, reason = 'PowerUp'): Promise<unknown> {
    const firmwareVersion = this.firmware.version;
    return this.call(
      client,
      'BootNotification',
      this.v201
        ? {
            reason,
            chargingStation: { vendorName: 'EVC Simulator', model: 'SIM-201', serialNumber: `SIM-${this.spec.id}`, firmwareVersion },
          }
        : {
            chargePointVendor: 'EVC Simulator',
            chargePointModel: 'SIM-16',
            chargePointSerialNumber: `SIM-${this.spec.id}`,
            firmwareVersion,
          },
    );
  }

  private async sendStatus(client: Client, connectorIds = this.spec.connectorIds ?? [1, 2]): Promise<void> {
    for (const connectorId of connectorIds) {
      await this.call(client, 'StatusNotification', this.charging.statusPayload(connectorId));
    }
  }

  /** A card presented at a connector: Authorize online, else (or without an answer in time) the local list. */
  presentCard(connectorId: number, idTag: string, authorizeTimeoutMs?: number): Promise<CardDecision> {
    const client = this.connected && this.booted ? this.client : null;
    const authorize = client ? (payload: Record<string, unknown>) => this.call(client, 'Authorize', payload) : null;
    return presentCard(
      { v201: this.v201, list: this.localList, charging: this.charging, authorize },
      connectorId,
      idTag,
      authorizeTimeoutMs,
    );
  }

  /** Answers the gateway's calls (staff commands) in the charger's own protocol. */
  private handleCommands(client: Client): void {
    type Params = Record<string, unknown>;
    type Variable = { component: { name: string }; variable: { name: string } };
    const on = (method: string, answer: (params: Params) => Record<string, unknown>) =>
      client.handle(method, ({ params }: { params?: unknown }) => Promise.resolve(answer((params ?? {}) as Params)));
    const idTokenOf = (p: Params) => String((p.idToken as { idToken?: string } | undefined)?.idToken ?? '');
    on('RemoteStartTransaction', (p) => ({
      status: this.charging.remoteStart(p.connectorId as number | undefined, String(p.idTag), null),
    }));
    on('RequestStartTransaction', (p) => ({
      status: this.charging.remoteStart(p.evseId as number | undefined, idTokenOf(p), Number(p.remoteStartId)),
    }));
    on('RemoteStopTransaction', (p) => ({ status: this.charging.remoteStop(String(p.transactionId)) }));
    on('RequestStopTransaction', (p) => ({ status: this.charging.remoteStop(String(p.transactionId)) }));
    on('ReserveNow', (p) =>
      this.v201
        ? { status: this.charging.reserve(p.evseId as number | undefined, idTokenOf(p), Number(p.id), String(p.expiryDateTime)) }
        : { status: this.charging.reserve(p.connectorId as number, String(p.idTag), Number(p.reservationId), String(p.expiryDate)) },
    );
    on('CancelReservation', (p) => ({ status: this.charging.cancelReservation(Number(p.reservationId)) }));
    handleLocalList(on, this.localList, this.v201);
    this.handleProfiles(on);
    this.diagnostics.handle(on);
    this.firmware.handle(on);
    on('Reset', () => ({ status: 'Accepted' }));
    on('UnlockConnector', () => ({ status: 'Unlocked' }));
    on('ChangeAvailability', () => ({ status: 'Accepted' }));
    on('TriggerMessage', (p) => {
      const connector = this.v201 ? (p.evse as { id?: number } | undefined)?.id : (p.connectorId as number | undefined);
      // Answer first, then send the requested message (OCPP: the message follows the TriggerMessage answer).
      setTimeout(() => {
        const sent =
          p.requestedMessage === 'BootNotification'
            ? this.sendBoot(client, 'Triggered')
            : p.requestedMessage === 'Heartbeat'
              ? this.call(client, 'Heartbeat', {})
              : this.sendStatus(client, connector !== undefined ? [connector] : undefined);
        sent.catch(() => this.errors++);
      }, 10).unref();
      return { status: 'Accepted' };
    });
    on('GetConfiguration', (p) => {
      const keys = (p.key as string[] | undefined) ?? [...this.configuration.keys()];
      return {
        configurationKey: keys
          .filter((k) => this.configuration.has(k))
          .map((key) => ({ key, readonly: false, value: this.configuration.get(key) })),
        unknownKey: keys.filter((k) => !this.configuration.has(k)),
      };
    });
    on('ChangeConfiguration', (p) => {
      if (!this.configuration.has(String(p.key))) return { status: 'NotSupported' };
      this.configuration.set(String(p.key), String(p.value));
      return { status: 'Accepted' };
    });
    on('GetVariables', (p) => ({
      getVariableResult: ((p.getVariableData as Variable[] | undefined) ?? []).map(({ component, variable }) => {
        const value = this.configuration.get(variable.name);
        return value === undefined
          ? { attributeStatus: 'UnknownVariable', component, variable }
          : { attributeStatus: 'Accepted', attributeValue: value, component, variable };
      }),
    }));
    on('SetVariables', (p) => ({
      setVariableResult: ((p.setVariableData as (Variable & { attributeValue: string })[] | undefined) ?? []).map(
        ({ component, variable, attributeValue }) => {
          if (!this.configuration.has(variable.name)) return { attributeStatus: 'UnknownVariable', component, variable };
          this.configuration.set(variable.name, attributeValue);
          return { attributeStatus: 'Accepted', component, variable };
        },
      ),
    }));
  }

  /**
   * Smart charging: SetChargingProfile caps the power of a transaction (TxProfile) or of new transactions
   * (TxDefaultProfile) from its first period's limit, in W, or in A per phase at 230 V (three phases unless it says);
   * ClearChargingProfile lifts them. A charger spec'd `refuseProfiles` answers as one without smart charging.
   */
  private handleProfiles(on: (method: string, answer: (params: Record<string, unknown>) => Record<string, unknown>) => void): void {
    type Period = { limit: number; numberPhases?: number };
    type Schedule = { chargingRateUnit: string; chargingSchedulePeriod: Period[] };
    type Profile = { chargingProfilePurpose: string; transactionId?: unknown; chargingSchedule: Schedule | Schedule[] };
    const limitOf = (schedule: Schedule): number => {
      const first = schedule.chargingSchedulePeriod[0];
      if (!first) return Number.POSITIVE_INFINITY;
      return schedule.chargingRateUnit === 'A' ? first.limit * 230 * (first.numberPhases ?? 3) : first.limit;
    };
    on('SetChargingProfile', (p) => {
      if (this.spec.refuseProfiles) return { status: this.v201 ? 'Rejected' : 'NotSupported' };
      const profile = (this.v201 ? p.chargingProfile : p.csChargingProfiles) as Profile;
      const schedule = Array.isArray(profile.chargingSchedule) ? profile.chargingSchedule[0] : profile.chargingSchedule;
      if (!schedule) return { status: 'Rejected' };
      const status = this.charging.setProfile({
        connectorId: Number(this.v201 ? p.evseId : p.connectorId),
        purpose: profile.chargingProfilePurpose,
        limitW: limitOf(schedule),
        transactionId: profile.transactionId === undefined ? null : String(profile.transactionId),
      });
      return { status };
    });
    on('ClearChargingProfile', (p) => {
      const criteria = (this.v201 ? p.chargingProfileCriteria : p) as {
        evseId?: number;
        connectorId?: number;
        chargingProfilePurpose?: string;
      };
      const connectorId = (this.v201 ? criteria?.evseId : criteria?.connectorId) ?? null;
      return { status: this.charging.clearProfiles(connectorId, criteria?.chargingProfilePurpose ?? null) };
    });
  }

  private async boot(client: Client): Promise<void> {
    const boot = (await this.sendBoot(client)) as { status: string; interval: number };
    if (boot.status !== 'Accepted') throw new Error(`boot ${boot.status}`);
    await this.sendStatus(client);
    this.booted = true;
    void this.drain();
    void this.firmware.booted().catch(() => this.errors++);
    this.heartbeat = setInterval(
      () => {
        this.call(client, 'Heartbeat', {}).catch(() => this.errors++);
      },
      Math.max(1, boot.interval) * 1000,
    );
    this.heartbeat.unref();
  }
}

/** N simulated chargers; `stats()` for the summary line. */
export class Simulator {
  readonly chargers: SimulatedCharger[];
  constructor(options: SimulatorOptions) {
    this.chargers = options.chargers.map((spec) => new SimulatedCharger(spec, options));
  }
  start(): void {
    for (const charger of this.chargers) charger.start();
  }
  async stop(): Promise<void> {
    await Promise.all(this.chargers.map((c) => c.stop()));
  }
  stats(): SimulatorStats {
    return {
      chargers: this.chargers.length,
      connected: this.chargers.filter((c) => c.connected).length,
      messagesSent: this.chargers.reduce((n, c) => n + c.messagesSent, 0),
      errors: this.chargers.reduce((n, c) => n + c.errors, 0),
      charging: this.chargers.reduce((n, c) => n + c.charging.charging, 0),
      queued: this.chargers.reduce((n, c) => n + c.queued, 0),
    };
  }
}
