import type { CommandBus } from '@nestjs/cqrs';
import { itemCause, type IdTokenStatus } from '@evc/contracts';
import { systemClock, type Clock, type EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import type { BookingGuard } from '../bookings/index';
import { newContext, type CommandContext } from '../shared/command-context';
import type { WalletLedger } from '../wallet/index';
import { ChargingStreams, reads, type AccountReader, type ChargingReads } from './charging-store';

const log = createLogger('charging');
/** A step the charging context takes on its own (a sweep, an automatic stop, a bill). */
export const chargingSystem = (reason: string): CommandContext => newContext({ type: 'system', id: 'charging' }, reason);
/** The causation id of a session's charger commands and of its debit: the session (contracts/src/causation.ts). */
export const SESSION_CAUSE = itemCause('session', '');

/**
 * What every step of a session's life works on, one per process: the streams folded in memory, the wallet, the
 * command bus (charger commands, bookings told), the booking guard, the clock, and what the process remembers between
 * messages (sessions waiting for their cable, card verdicts, balance reads under way). The steps live one process a
 * file beside it: the charger's transactions (start, readings, stop), the bill, the remote start's results, the
 * session's charger commands and locks, and a token's authorisation.
 */
export class ChargingSessionState {
  readonly reads: ChargingReads;
  /** Session, claim, token and binding streams, folded in memory (bounded); a billed or failed session is dropped. */
  readonly streams: ChargingStreams;
  /** Accepted sessions waiting for the cable: sessionId → when accepted (ms). Fed by the command results. */
  readonly awaitingCable = new Map<string, number>();
  /** Card sessions being opened: what the command side thinks of the token (stopped once charging if not Accepted). */
  readonly verdicts = new Map<string, IdTokenStatus>();
  /** Balance reads under way, per customer (the wallet answers one command at a time per wallet). */
  readonly balances = new Map<string, Promise<number>>();

  constructor(
    readonly store: EventStore,
    readonly ledger: WalletLedger,
    readonly commandBus: CommandBus,
    /** Who holds a connector by booking: another customer's token is not accepted on it during the slot. */
    readonly bookings: BookingGuard | null = null,
    /** Every time a session records (`at`, the events' recordedAt) and judges by (token expiry, prices in force). */
    readonly clock: Clock = systemClock,
    /** Customers' accounts as the account gate keeps them (else a fold of the charging context's own). */
    accounts: AccountReader | null = null,
  ) {
    this.streams = new ChargingStreams(store, clock, undefined, accounts);
    this.reads = reads(store, this.streams);
  }
}

/** The session a charger's transaction is bound to, or null (logged: nothing is recorded for it). */
export async function sessionOfTransaction(s: ChargingSessionState, chargerId: string, transactionId: string): Promise<string | null> {
  const sessionId = await s.reads.binding(chargerId, transactionId);
  if (!sessionId) log.warn('a transaction id no session knows: nothing recorded', { chargerId, transactionId });
  return sessionId;
}
