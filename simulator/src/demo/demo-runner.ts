import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DEMO_CARD_ID_TAG, DEMO_LIMITS, type DemoAction, type DemoStatus } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { ApiException } from '@evc/platform/http/api-exception';
import { createLogger } from '@evc/platform/logging/logger';
import { authenticateCharger, chargerOnline } from '@evc/ocpp-gateway';
import { Simulator, loadDemoChargers, type SimulatedCharger, type SimulatedChargerSpec } from '../simulator';
import { RateWindow } from './rate-window';

const log = createLogger('demo');
type DemoLimits = { [K in keyof typeof DEMO_LIMITS]: number };

export interface DemoRunnerOptions {
  /** Only the embedded profile runs simulated chargers; the cluster refuses. */
  profile: 'embedded' | 'cluster';
  dataDir: string;
  documents: DocumentStore;
  now?: () => number;
  /** Overrides of the limits (tests shorten the run). */
  limits?: Partial<DemoLimits>;
}

interface Walk {
  charger: SimulatedCharger;
  connectorId: number;
  startedAt: string | null;
  stoppedAt: string | null;
  endedBy: 'visitor' | 'network' | null;
  energyWh: number;
  socPercent: number;
}

interface Run {
  simulator: Simulator;
  chargers: { spec: SimulatedChargerSpec; stationId: string }[];
  startedAt: number;
  endsAt: number;
  timer: NodeJS.Timeout;
  walk: Walk;
  /** The steps' key, answered only to the visitor whose start launched the run. */
  token: string;
}

type Candidates = { found: { spec: SimulatedChargerSpec; stationId: string }[]; busy: number };

const sameToken = (given: string, token: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

class RateLimited extends ApiException {
  readonly headers: Record<string, string>;
  constructor(seconds: number) {
    super('demo.rate_limited', 'Too many demonstration requests from this address; try again later');
    this.headers = { 'Retry-After': String(seconds) };
  }
}

/**
 * The guided demonstration: one run at a time for the whole server (everyone watching shares it), with at most
 * `chargers` simulated chargers of the demo seed connected over WebSocket to this very server, as real chargers do,
 * for at most `runMs`; then it stops by itself (a running transaction is stopped first, so the session is billed).
 * Starting while a run is on joins it as a watcher: only the start that launched the run is answered its token, and
 * a step without it is refused, so one visitor cannot steer another's walk-through. It takes only demo chargers that
 * no one holds (a simulator or a real charger connected under the same id), and its own give way if one connects
 * later, so the two never take the id from each other in turn. Starts and steps are rate-limited per client address.
 */
export class DemoRunner {
  private run: Run | null = null;
  private starting: Promise<Run> | null = null;
  private stopping: Promise<void> | null = null;
  private readonly limits: DemoLimits;
  private readonly starts: RateWindow;
  private readonly steps: RateWindow;
  private readonly now: () => number;

  constructor(private readonly options: DemoRunnerOptions) {
    this.limits = { ...DEMO_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.starts = new RateWindow(this.limits.startsPerWindow, this.limits.windowMs, this.now);
    this.steps = new RateWindow(this.limits.stepsPerWindow, this.limits.windowMs, this.now);
  }

  async status(): Promise<DemoStatus> {
    if (this.options.profile !== 'embedded') return this.view(null, 'cluster');
    if (this.stopping) await this.stopping;
    if (this.run) return this.view(this.run, null);
    const { found, busy } = await this.candidates();
    return this.view(null, found.length > 0 ? null : busy > 0 ? 'chargers_busy' : 'no_chargers');
  }

  /** Starts the run (or joins the one running); `serverUrl` is where this server takes chargers (ws://host:port). */
  async start(serverUrl: string, client: string): Promise<DemoStatus> {
    this.requireEmbedded();
    if (this.stopping) await this.stopping;
    let launched: Promise<Run> | null = null;
    if (!this.run) {
      if (!this.starting) {
        const wait = this.starts.take(client);
        if (wait > 0) throw new RateLimited(wait);
        launched = this.starting = this.launch(serverUrl).finally(() => (this.starting = null));
      }
      await this.starting;
    }
    const status = await this.status();
    // only the request that launched the run learns its token; joiners watch
    const run = launched ? await launched : null;
    return run && run === this.run ? { ...status, token: run.token } : status;
  }

  async step(action: DemoAction, client: string, token: string): Promise<DemoStatus> {
    this.requireEmbedded();
    const run = this.run;
    if (!run) throw new ApiException('demo.not_running', 'Start the demonstration first');
    const wait = this.steps.take(client);
    if (wait > 0) throw new RateLimited(wait);
    if (!sameToken(token, run.token))
      throw new ApiException('demo.not_yours', 'Another visitor started this demonstration; only they can walk it');
    const { walk } = run;
    const point = walk.charger.charging;
    if (walk.charger.replaced)
      throw new ApiException('demo.chargers_busy', 'Another connection took the demonstration charger over; it gave way');
    if (!walk.charger.connected) throw new ApiException('demo.not_running', 'The demonstration charger is still connecting');
    if (action === 'plug-in' && point.plugIn(walk.connectorId))
      Object.assign(walk, { startedAt: null, stoppedAt: null, endedBy: null, energyWh: 0, socPercent: 0 });
    if (action === 'start' && point.transactionOf(walk.connectorId) === null && point.startLocal(walk.connectorId, DEMO_CARD_ID_TAG)) {
      Object.assign(walk, { startedAt: new Date(this.now()).toISOString(), stoppedAt: null, endedBy: null, energyWh: 0, socPercent: 0 });
    }
    if (action === 'stop') {
      this.follow(walk);
      if (point.stopLocal(walk.connectorId)) Object.assign(walk, { stoppedAt: new Date(this.now()).toISOString(), endedBy: 'visitor' });
    }
    return this.status();
  }

  /**
   * Ends the run: running transactions are stopped at the charger and sent before the chargers disconnect. It
   * settles once the network shows them offline (at most 5 s more), so a start right after finds them free, not held.
   */
  stop(): Promise<void> {
    const run = this.run;
    if (!run) return this.stopping ?? Promise.resolve();
    this.run = null;
    this.stopping = this.release(run).finally(() => (this.stopping = null));
    return this.stopping;
  }

  private async release(run: Run): Promise<void> {
    clearTimeout(run.timer);
    for (const charger of run.simulator.chargers) for (const c of charger.charging.connectors) charger.charging.stopLocal(c.id);
    let until = Date.now() + 5_000;
    while (run.simulator.chargers.some((c) => c.queued > 0 && c.connected) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    await run.simulator.stop();
    until = Date.now() + 5_000;
    const ours = run.simulator.chargers.filter((c) => !c.replaced).map((c) => c.spec.id);
    const stillOnline = async () => (await Promise.all(ours.map((id) => chargerOnline(this.options.documents, id)))).some(Boolean);
    while ((await stillOnline()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    log.info('demonstration ended');
  }

  private requireEmbedded(): void {
    if (this.options.profile !== 'embedded')
      throw new ApiException('demo.unavailable', 'The demonstration runs only on the embedded profile');
  }

  /**
   * Demo chargers whose keys this server accepts (not deleted) and that no one holds now, in the order of the demo
   * seed; `busy` counts the accepted ones left out because a simulator or a real charger is connected under their id.
   */
  private async candidates(): Promise<Candidates> {
    const specs = await loadDemoChargers(this.options.dataDir).catch(() => [] as SimulatedChargerSpec[]);
    const found: Candidates['found'] = [];
    let busy = 0;
    for (const spec of specs) {
      if (found.length >= this.limits.chargers) break;
      const auth = await authenticateCharger(this.options.documents, spec.id, Buffer.from(spec.secret));
      if (!auth.ok) continue;
      if (await chargerOnline(this.options.documents, spec.id)) busy++;
      else found.push({ spec, stationId: auth.stationId });
    }
    return { found, busy };
  }

  private async launch(serverUrl: string): Promise<Run> {
    const { found: chargers, busy } = await this.candidates();
    if (chargers.length === 0 && busy > 0)
      throw new ApiException(
        'demo.chargers_busy',
        'Every demo charger is connected to the network already (a simulator or a real charger); try again when one is free',
      );
    if (chargers.length === 0) throw new ApiException('demo.unavailable', 'No demo chargers: start the product with the demo seed');
    const simulator = new Simulator({
      url: serverUrl,
      chargers: chargers.map((c) => c.spec),
      backoffMs: { initial: 500, max: 5_000 },
      yieldWhenReplaced: true,
      charging: { meterIntervalS: this.limits.meterIntervalS, plugInDelayMs: 1_000 },
    });
    simulator.start();
    const first = simulator.chargers[0]!;
    const startedAt = this.now();
    const timer = setTimeout(() => void this.stop(), this.limits.runMs);
    timer.unref();
    const walk: Walk = {
      charger: first,
      connectorId: first.spec.connectorIds?.[0] ?? 1,
      startedAt: null,
      stoppedAt: null,
      endedBy: null,
      energyWh: 0,
      socPercent: 0,
    };
    this.run = {
      simulator,
      chargers,
      startedAt,
      endsAt: startedAt + this.limits.runMs,
      timer,
      walk,
      token: randomBytes(18).toString('base64url'),
    };
    log.info('demonstration started', { chargers: chargers.length, minutes: this.limits.runMs / 60_000 });
    return this.run;
  }

  /** The meter as the walk-through last saw it; a transaction that ended without the visitor was ended by the network. */
  private follow(walk: Walk): void {
    const t = walk.charger.charging.transactionOf(walk.connectorId);
    if (t) Object.assign(walk, { energyWh: Math.round(t.energyWh), socPercent: Math.round(t.socPct * 10) / 10 });
    else if (walk.startedAt && !walk.stoppedAt) Object.assign(walk, { stoppedAt: new Date(this.now()).toISOString(), endedBy: 'network' });
  }

  private view(run: Run | null, reason: DemoStatus['reason']): DemoStatus {
    const limits = { chargers: this.limits.chargers, runMinutes: Math.round(this.limits.runMs / 60_000) };
    const base = { available: reason === null, reason, limits, token: null };
    if (!run) return { ...base, running: false, startedAt: null, endsAt: null, chargers: [], step: 'idle', session: null };
    const { walk } = run;
    this.follow(walk);
    const point = walk.charger.charging;
    const charging = point.transactionOf(walk.connectorId) !== null;
    const step = charging ? 'charging' : walk.stoppedAt ? 'stopped' : point.statusOf(walk.connectorId) === 'Preparing' ? 'plugged' : 'idle';
    return {
      ...base,
      running: true,
      startedAt: new Date(run.startedAt).toISOString(),
      endsAt: new Date(run.endsAt).toISOString(),
      chargers: run.simulator.chargers.map((c, i) => ({
        chargerId: c.spec.id,
        stationId: run.chargers[i]!.stationId,
        ocppVersion: c.spec.ocppVersion,
        connected: c.connected,
        connectors: c.charging.connectors.map((k) => ({ connectorId: k.id, status: k.status })),
      })),
      step,
      session: walk.startedAt
        ? {
            chargerId: walk.charger.spec.id,
            connectorId: walk.connectorId,
            idTag: DEMO_CARD_ID_TAG,
            energyWh: walk.energyWh,
            socPercent: walk.socPercent,
            startedAt: walk.startedAt,
            stoppedAt: walk.stoppedAt,
            endedBy: walk.endedBy,
          }
        : null,
    };
  }
}
