import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { chargingStreams, egpToPiastres, type CommandResult, type WalletAdjustmentClaimed } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { loadAccount } from '../identity/index';
import { createOnceDecider } from '../shared/create-once.decider';
import { DomainError } from '../shared/domain-error';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { WALLET_LEDGER, type WalletLedger } from './wallet-ledger';

/** The adjustment id with its payload: the same again is a no-op, another payload under it a 409. */
const adjustmentClaim = createOnceDecider<'WalletAdjustmentClaimed', WalletAdjustmentClaimed['data']>(
  'WalletAdjustmentClaimed',
  'request.duplicate_id',
);

/**
 * Staff add to or deduct from a customer's wallet; the adjustment id makes a resent form count once, and the id
 * reused with another customer, direction, amount or reason is refused (409 request.duplicate_id), never ignored.
 */
@HandlesCommand('wallet.adjust')
export class AdjustWalletHandler implements OperationHandler<'wallet.adjust'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(WALLET_LEDGER) private readonly ledger: WalletLedger,
  ) {}

  async execute({ payload, context }: OperationCommand<'wallet.adjust'>): Promise<CommandResult> {
    const { adjustmentId, customerId, direction, amountEgp } = payload;
    const reason = payload.reason.trim();
    const account = await loadAccount(this.store, customerId);
    if (account.userType !== 5)
      throw new DomainError('identity.customer_not_found', 'No such customer', [{ path: 'customerId', code: 'not_found' }]);
    const amount = egpToPiastres(amountEgp);
    await runDecider(
      this.store,
      chargingStreams.walletAdjustment(adjustmentId),
      adjustmentClaim,
      { adjustmentId, customerId, direction, amount, reason },
      { ...context, reason },
    );
    const { recorded: _recorded, ...result } = await this.ledger.record(
      customerId,
      {
        transactionId: `adjustment:${adjustmentId}`,
        direction,
        amount,
        kind: 'adjustment',
        reference: { type: 'adjustment', id: adjustmentId },
        reason,
      },
      { ...context, reason },
    );
    return result;
  }
}
