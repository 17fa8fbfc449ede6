import { randomUUID } from 'node:crypto';
import { CommandHandler, type CommandBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  cardStreams,
  type ChargerCommandRequest,
  type CommandResult,
  type InboundChargerMessage,
  type LocalListEntry,
  type OutboundOcppResult,
} from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { ChargerCommandSender } from '../chargers-live/index';
import { newContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { PayloadCommand } from '../shared/payload-command';
import { catchUp, emptyStream, type StreamState } from '../shared/stream-state';
import { localAuthListDecider, type LocalAuthListState } from './local-auth-list.decider';

const log = createLogger('local-auth-list');

/** A list command to a charger, sent like staff's charger commands (recorded on `charger-command-<id>`, then on ocpp.outbound). */
type ListRequest = Extract<ChargerCommandRequest, { action: 'SendLocalList' | 'GetLocalListVersion' }>;
export class SendListChargerCommand extends PayloadCommand<ListRequest & { commandId: string; chargerId: string }> {}

@CommandHandler(SendListChargerCommand)
export class SendListChargerCommandHandler extends ChargerCommandSender implements ICommandHandler<SendListChargerCommand, CommandResult> {
  execute({ payload, context }: SendListChargerCommand) {
    return this.send(payload, context);
  }
}

interface ChargerList {
  /** The list version the charger holds (its answer to GetLocalListVersion, or the last list it accepted); null: ask. */
  version: number | null;
  /** A command under way (one at a time per charger). */
  pending: { commandId: string; kind: 'ask' | 'send'; target: number; since: number } | null;
  /** False once the charger said it keeps no local list. */
  supported: boolean;
  /** The last differential update was refused: send the full list next. */
  fullNext: boolean;
  /** Commands in a row that got no usable answer (an error, a timeout): the next waits longer. */
  failures: number;
  /** Not before this time (ms) after such a failure: a charger that answers badly is not asked in a loop. */
  retryAt: number;
}

export interface LocalListSyncOptions {
  /** How often every known charger is compared with the list (ms). */
  everyMs?: number;
  /** A command without an outcome after this long is forgotten and the charger asked again (ms). */
  pendingTimeoutMs?: number;
  /** List commands under way at once, over all chargers (default MAX_IN_FLIGHT); the others wait their turn. */
  maxInFlight?: number;
}

/**
 * Keeps chargers' local authorisation lists in step with the network's (`local-auth-list`, version = revision + 1).
 * A charger is learned when it boots (or when it is first heard from, after this process started) and asked its list
 * version; a charger behind gets the changes since its version (Differential), one with no list, an unknown version
 * or a refused update gets the whole list (Full). A card change in this process pushes at once; a sweep catches up
 * the rest (changes made by another process, lost answers). What each charger holds is its own answer: nothing here
 * is durable but the commands' streams, so a restart asks every charger again.
 */
/** After a command with no usable answer the charger is asked again after 1 minute, doubling up to an hour. */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 3_600_000;
/**
 * List commands under way at once. A card change concerns every charger: on a large network, sending to all of them
 * at once puts tens of thousands of commands, events and frames in front of the chargers' own messages (a meter
 * reading waits behind the sweep). Paced, the next charger gets its turn as an answer comes in, and the
 * work queued ahead of a charger's message stays small.
 */
export const MAX_IN_FLIGHT = 32;

/** No command under way, a local list kept, and not waiting out a back-off. */
const mayAsk = (c: ChargerList, now: number) => !c.pending && c.supported && now >= c.retryAt;
/** The charger holds the list's current version, or there is no list yet (version 0). */
const inStep = (c: ChargerList, current: number) => c.version !== null && (c.version === current || current === 0);

export class LocalListSync {
  private readonly chargers = new Map<string, ChargerList>();
  private list: StreamState<LocalAuthListState> = emptyStream(localAuthListDecider.initialState);
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<number> | null = null;
  private readonly context = () => newContext({ type: 'system', id: 'local-auth-list' }, 'local list sync');
  /** Chargers with a command under way (at most maxInFlight), and those due one, in the order they became due. */
  private readonly sending = new Set<string>();
  private readonly waiting = new Set<string>();
  /** Differential updates by "from-to" version, and the full list of the current version (computed once each). */
  private readonly diffs = new Map<string, Promise<LocalListEntry[]>>();
  private full: { version: number; entries: LocalListEntry[] } | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly commandBus: Pick<CommandBus, 'execute'>,
    private readonly options: LocalListSyncOptions = {},
  ) {}

  start(): void {
    this.timer = setInterval(
      () => void this.syncAll().catch((error: unknown) => log.warn('local list sweep failed', { error: String(error) })),
      this.options.everyMs ?? 5_000,
    );
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The list changed in this process: push it to every charger now. */
  changed(): void {
    this.reading = null; // a read under way may have started before the change: read again
    void this.syncAll().catch((error: unknown) => log.warn('local list push failed', { error: String(error) }));
  }

  /** What a charger said (ocpp.inbound): a boot (or a first word from a charger not known yet) starts its sync. */
  onInbound(m: InboundChargerMessage): Promise<void> {
    const type = m.message.type;
    if (type === 'Disconnected' || type === 'Silent') {
      this.forget(m.chargerId);
      return Promise.resolve();
    }
    if (type === 'Connected' || (type !== 'Booted' && this.chargers.has(m.chargerId))) return Promise.resolve();
    this.chargers.set(m.chargerId, { version: null, pending: null, supported: true, fullNext: false, failures: 0, retryAt: 0 });
    return this.sync(m.chargerId);
  }

  /** The outcome of one of our list commands (ocpp.outbound.results). */
  onResult(r: OutboundOcppResult): Promise<void> {
    const c = this.chargers.get(r.chargerId);
    if (!c || c.pending?.commandId !== r.commandId || r.status === 'sent') return Promise.resolve();
    const { kind, target } = c.pending;
    this.settle(r.chargerId, c);
    if (r.status === 'offline') {
      this.forget(r.chargerId);
      return Promise.resolve();
    }
    if (r.status === 'error' || r.status === 'timeout' || (r.status === 'rejected' && kind === 'ask')) {
      // no usable answer (a CALLERROR, a malformed answer, none at all): back off, 1 minute doubling up to an hour;
      // asking again at once would loop as fast as the charger answers and flood its message log
      c.failures += 1;
      c.retryAt = Date.now() + Math.min(RETRY_BASE_MS * 2 ** (c.failures - 1), RETRY_MAX_MS);
      return Promise.resolve();
    }
    c.failures = 0;
    if (r.status === 'not_supported') c.supported = false;
    else if (r.status === 'accepted' && kind === 'ask') {
      const v = (r.response as { listVersion?: unknown; versionNumber?: unknown } | null) ?? {};
      const version = typeof v.listVersion === 'number' ? v.listVersion : v.versionNumber;
      if (typeof version === 'number' && version >= 0) c.version = version;
      else c.supported = false; // 1.6: -1 means no local list
    } else if (r.status === 'accepted') {
      c.version = target;
      c.fullNext = false;
    } else if (kind === 'send') {
      c.version = null; // Failed / VersionMismatch: ask again, then send the whole list
      c.fullNext = true;
    }
    return this.sync(r.chargerId);
  }

  /** Number of list commands under way, and of chargers waiting for a turn (for tests and diagnostics). */
  get load(): { inFlight: number; waiting: number } {
    return { inFlight: this.sending.size, waiting: this.waiting.size };
  }

  /** A charger's command is over (answered, failed, forgotten): its slot goes to the next charger waiting. */
  private settle(chargerId: string, c: ChargerList): void {
    c.pending = null;
    if (this.sending.delete(chargerId)) this.nextTurn();
  }

  private forget(chargerId: string): void {
    const c = this.chargers.get(chargerId);
    if (c) this.settle(chargerId, c);
    this.chargers.delete(chargerId);
    this.waiting.delete(chargerId);
  }

  private nextTurn(): void {
    const max = this.options.maxInFlight ?? MAX_IN_FLIGHT;
    for (const id of this.waiting) {
      if (this.sending.size >= max) return;
      this.waiting.delete(id);
      void this.sync(id).catch((error: unknown) => log.warn('local list sync failed', { chargerId: id, error: String(error) }));
    }
  }

  /** Chargers known to this process and the version each holds (for tests and diagnostics). */
  versions(): Map<string, number | null> {
    return new Map([...this.chargers].map(([id, c]) => [id, c.version]));
  }

  /**
   * The list's version now. Concurrent callers share the read under way (a sweep over every charger
   * reads the list's stream once, not once per charger); a change made after that read started triggers a
   * sweep of its own (`changed`), so no charger is left behind.
   */
  currentVersion(): Promise<number> {
    if (!this.reading) {
      const reading: Promise<number> = catchUp(this.store, cardStreams.localAuthList(), localAuthListDecider, this.list)
        .then((list) => {
          if (list.revision >= this.list.revision) this.list = list;
          return this.list.revision + 1;
        })
        .finally(() => {
          if (this.reading === reading) this.reading = null;
        });
      this.reading = reading;
    }
    return this.reading;
  }

  async syncAll(): Promise<void> {
    const now = Date.now();
    for (const [id, c] of this.chargers)
      if (c.pending && now - c.pending.since > (this.options.pendingTimeoutMs ?? 60_000)) this.settle(id, c);
    // Only the chargers with something to do: at the ceiling (19,000 chargers, nearly all up to date) this is a plain
    // loop, not 19,000 promises every 5 s.
    const free = [...this.chargers].filter(([, c]) => mayAsk(c, now));
    const current = free.some(([, c]) => c.version !== null) ? await this.currentVersion() : 0;
    const due = free.filter(([, c]) => !inStep(c, current));
    await Promise.all(due.map(([id]) => this.sync(id)));
  }

  private async sync(chargerId: string): Promise<void> {
    const c = this.chargers.get(chargerId);
    if (!c || !mayAsk(c, Date.now()) || this.sending.has(chargerId)) return;
    if (this.sending.size >= (this.options.maxInFlight ?? MAX_IN_FLIGHT)) {
      this.waiting.add(chargerId);
      return;
    }
    // The slot is taken before anything is awaited, so syncs started together never exceed maxInFlight.
    this.sending.add(chargerId);
    this.waiting.delete(chargerId);
    let sent = false;
    try {
      sent = await this.decide(chargerId, c);
    } finally {
      if (!sent && !c.pending) this.settle(chargerId, c);
    }
  }

  /** Sends the charger what it lacks, if anything; answers whether a command went out (or is under way). */
  private async decide(chargerId: string, c: ChargerList): Promise<boolean> {
    if (c.version === null) return this.send(chargerId, c, 'ask', 0, { action: 'GetLocalListVersion' });
    const current = await this.currentVersion();
    if (c.pending || inStep(c, current)) return false;
    if (c.version > 0 && c.version < current && !c.fullNext) {
      return this.send(chargerId, c, 'send', current, {
        action: 'SendLocalList',
        listVersion: current,
        updateType: 'Differential',
        entries: await this.changesSince(c.version, current),
      });
    }
    return this.send(chargerId, c, 'send', current, {
      action: 'SendLocalList',
      listVersion: current,
      updateType: 'Full',
      entries: this.fullList(current),
    });
  }

  /**
   * The entries changed after `version` up to `current` (events from revision `version` to `current - 1`), each tag
   * once with its latest status. Chargers at the same version get the same changes: worked out once per pair, not
   * read and decoded again for every charger.
   */
  private changesSince(version: number, current: number): Promise<LocalListEntry[]> {
    const key = `${version}-${current}`;
    let entries = this.diffs.get(key);
    if (!entries) {
      entries = this.store.readStream(cardStreams.localAuthList(), { fromRevision: version }).then((events) => {
        const changed = new Map<string, LocalListEntry['status']>();
        for (const e of events) {
          if (e.revision >= current) break;
          const { idTag, status } = e.data as LocalListEntry;
          changed.set(idTag, status);
        }
        return [...changed].map(([idTag, status]) => ({ idTag, status }));
      });
      entries.catch(() => this.diffs.delete(key));
      if (this.diffs.size >= 64) this.diffs.delete(this.diffs.keys().next().value!);
      this.diffs.set(key, entries);
    }
    return entries;
  }

  /** The whole list at `current` (the version `this.list` holds once currentVersion answered it), made once per version. */
  private fullList(current: number): LocalListEntry[] {
    if (this.full?.version !== current)
      this.full = { version: current, entries: [...this.list.state.entries].map(([idTag, status]) => ({ idTag, status })) };
    return this.full.entries;
  }

  private async send(chargerId: string, c: ChargerList, kind: 'ask' | 'send', target: number, request: ListRequest): Promise<boolean> {
    const commandId = randomUUID();
    c.pending = { commandId, kind, target, since: Date.now() };
    try {
      await this.commandBus.execute(new SendListChargerCommand({ ...request, commandId, chargerId }, this.context()));
      return true;
    } catch (error) {
      if (error instanceof DomainError)
        this.forget(chargerId); // unknown or deleted charger
      else this.settle(chargerId, c);
      log.warn('local list command not sent', { chargerId, kind, error: String(error) });
      return false;
    }
  }
}
