import { chargingStreams, type CommandResult, type WalletEvent } from '@evc/contracts';
import { systemClock, type Clock, type EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { decideAndAppend } from '../shared/decide-and-append';
import { RETRY_POLICY, type RetryPolicy } from '../shared/retry-policy';
import { StreamStateCache } from '../shared/stream-state-cache';
import { KeyedQueue } from '../shared/keyed-queue';
import { walletDecider, type WalletState } from './wallet.decider';
import type { WalletLedger, WalletTransactionRequest } from './wallet-ledger';

const MAX_CACHED_WALLETS = 10_000;
/**
 * In this process a wallet has one writer at a time, so a lost race means another process is writing the same wallet,
 * possibly a burst of its own queue: more tries than a caller's command gets, before 409.
 */
const WALLET_RETRY: RetryPolicy = { ...RETRY_POLICY, attempts: 20 };

/**
 * The wallet ledger: commands for one wallet run one at a time in this process (a keyed queue), each through the
 * decision loop on the wallet's cached state. Another process writing the same wallet makes an append fail on its
 * expected revision: the state catches up and the command is decided again.
 */
export class WalletService implements WalletLedger {
  private readonly queue = new KeyedQueue();
  private readonly states: StreamStateCache<WalletEvent, WalletState>;

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock = systemClock,
  ) {
    this.states = new StreamStateCache(store, walletDecider, MAX_CACHED_WALLETS);
  }

  balanceOf(customerId: string): Promise<number> {
    return this.queue.run(customerId, async () => (await this.states.load(chargingStreams.wallet(customerId))).state.balance);
  }

  record(customerId: string, tx: WalletTransactionRequest, context: CommandContext): Promise<CommandResult & { recorded: boolean }> {
    return this.queue.run(customerId, async () => {
      const command = { ...tx, customerId, at: this.clock.now().toISOString() };
      const options = { states: this.states, retry: WALLET_RETRY, clock: this.clock };
      const { result, events } = await decideAndAppend(
        this.store,
        chargingStreams.wallet(customerId),
        walletDecider,
        command,
        context,
        options,
      );
      return { ...result, recorded: events.length > 0 };
    });
  }

  debitUpToBalance(
    customerId: string,
    tx: Omit<WalletTransactionRequest, 'direction' | 'upToBalance' | 'allowNegative'>,
    context: CommandContext,
  ): Promise<number> {
    return this.queue.run(customerId, async () => {
      const streamId = chargingStreams.wallet(customerId);
      const command = { ...tx, direction: 'debit' as const, upToBalance: true, customerId, at: this.clock.now().toISOString() };
      const options = { states: this.states, retry: WALLET_RETRY, clock: this.clock };
      const { events, state } = await decideAndAppend(this.store, streamId, walletDecider, command, context, options);
      if (events[0]) return events[0].data.amount;
      if (!state.recorded.has(tx.transactionId)) return 0;
      // Recorded by an earlier attempt (a redelivered stop): its amount is on the stream.
      const earlier = (await this.store.readStream(streamId)).find(
        (e) => (e.data as { transactionId?: string }).transactionId === tx.transactionId,
      );
      return (earlier?.data as { amount?: number } | undefined)?.amount ?? 0;
    });
  }
}
