import type { Bus, Consumer } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { chargerMessageContext, consumeChargerMessages, skipRefused } from '../shared/charger-messages';
import type { ChargingSessions } from './charging-sessions';
import { transactionReports } from './transaction-reports';

export const CHARGING_TRANSACTIONS_GROUP = 'charging-transactions';
const log = createLogger('charging-transactions');

/**
 * Consumes `ocpp.inbound` (group charging-transactions): TransactionStarted, MeterValuesReported and TransactionEnded
 * (version-neutral: the gateway read 1.6 or 2.0.1) drive the sessions. Per-charger order comes from the bus key. A
 * message its schema refuses, or a report refused by a rule, is logged and skipped; a store failure throws, so the bus
 * delivers the message again (every step is idempotent).
 *
 * Chargers are keys (consumeChargerMessages): different chargers' messages are handled concurrently. What two
 * chargers may share is safe for that: a session belongs to
 * one connector; a card's token, a customer's wallet or a session the phone also stops are written with the
 * stream's expected revision and retried on a conflict (ChargingStreams), the wallet one command at a time per wallet.
 */
export function startChargingTransactions(bus: Bus, sessions: ChargingSessions): Consumer {
  return consumeChargerMessages(bus, CHARGING_TRANSACTIONS_GROUP, log, async (m) => {
    const context = chargerMessageContext(m, m.message.type);
    for (const report of transactionReports(m)) {
      const fields = { chargerId: m.chargerId, message: m.message.type, report: report.kind };
      await skipRefused(log, 'charger transaction message refused', fields, () => sessions.apply(report, context));
    }
  });
}
