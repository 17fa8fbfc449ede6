import { chargingStreams, type CommandResult, type WalletEvent } from '@evc/contracts';
import { WrongExpectedRevisionError, systemClock, type Clock, type EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { envelope, toDomainEvent } from '../shared/run-decider';
import { KeyedQueue } from './keyed-queue';
import { walletDecider, type WalletState } from './wallet.decider';
import type { WalletLedger, WalletTransactionRequest } from './wallet-ledger';

interface Cached {
  state: WalletState;
  revision: number;
  position: number;
}

const MAX_ATTEMPTS = 20;
const MAX_CACHED_WALLETS = 10_000;
const fresh = (): Cached => ({ state: walletDecider.initialState, revision: -1, position: 0 });

/**
 * The wallet ledger: commands for one wallet run one at a time in this process, on a folded state kept between
 * commands that reads only the events after its revision. Another process writing the same wallet makes an append
 * fail on its expected revision: the state catches up and the command is decided again.
 */
export class WalletService implements WalletLedger {
  private readonly queue = new KeyedQueue();
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock = systemClock,
  ) {}

  balanceOf(customerId: string): Promise<number> {
    return this.queue.run(customerId, async () => (await this.catchUp(customerId)).state.balance);
  }

  record(customerId: string, tx: WalletTransactionRequest, context: CommandContext): Promise<CommandResult & { recorded: boolean }> {
    const streamId = chargingStreams.wallet(customerId);
    return this.queue.run(customerId, async () => {
      for (let attempt = 1; ; attempt++) {
        const current = await this.catchUp(customerId);
        const events = walletDecider.decide({ ...tx, customerId, at: this.clock.now().toISOString() }, current.state);
        if (events.length === 0) return { streamId, revision: current.revision, position: current.position, recorded: false };
        try {
          const expected = current.revision < 0 ? 'no_stream' : current.revision;
          const result = await this.store.append(streamId, events.map((e) => envelope(e, context, this.clock)), expected);
          this.remember(customerId, { state: events.reduce(walletDecider.evolve, current.state), revision: result.revision, position: result.position });
          return { ...result, recorded: true };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (attempt >= MAX_ATTEMPTS) throw new DomainError('concurrency.conflict', `${streamId} is busy; try again`);
          await new Promise((resolve) => setTimeout(resolve, Math.min(5 * attempt, 50)));
        }
      }
    });
  }

  /** The cached state with the events appended since (by this or another process). */
  private async catchUp(customerId: string): Promise<Cached> {
    const cached = this.cache.get(customerId) ?? fresh();
    const newer = await this.store.readStream(chargingStreams.wallet(customerId), { fromRevision: cached.revision + 1 });
    if (newer.length === 0) return cached;
    const last = newer.at(-1)!;
    const next = { state: newer.reduce((s, e) => walletDecider.evolve(s, toDomainEvent<WalletEvent>(e)), cached.state), revision: last.revision, position: last.position };
    this.remember(customerId, next);
    return next;
  }

  private remember(customerId: string, value: Cached): void {
    this.cache.delete(customerId);
    this.cache.set(customerId, value);
    // Least recently used first in the Map's order: forget it past the cap.
    if (this.cache.size > MAX_CACHED_WALLETS) this.cache.delete(this.cache.keys().next().value!);
  }
}
