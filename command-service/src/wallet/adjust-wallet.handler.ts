import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { egpToPiastres, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { loadAccount } from '../identity/accounts';
import { DomainError } from '../shared/domain-error';
import { EVENT_STORE } from '../shared/tokens';
import { WALLET_LEDGER, type WalletLedger } from './wallet-ledger';

/** Staff add to or deduct from a customer's wallet; the adjustment id makes a resent form count once. */
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
    if (account.userType !== 5) throw new DomainError('identity.customer_not_found', 'No such customer', [{ path: 'customerId', code: 'not_found' }]);
    const { recorded: _recorded, ...result } = await this.ledger.record(
      customerId,
      { transactionId: `adjustment:${adjustmentId}`, direction, amount: egpToPiastres(amountEgp), kind: 'adjustment', reference: { type: 'adjustment', id: adjustmentId }, reason },
      { ...context, reason },
    );
    return result;
  }
}
