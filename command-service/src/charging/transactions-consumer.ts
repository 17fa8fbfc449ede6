import { BUS_TOPICS, type InboundOcppMessage } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import type { ChargingSessions } from './charging-sessions';
import { transactionReports } from './ocpp-transactions';

export const CHARGING_TRANSACTIONS_GROUP = 'charging-transactions';
const log = createLogger('charging-transactions');

/**
 * Consumes `ocpp.inbound` (group charging-transactions): StartTransaction, MeterValues, StopTransaction (1.6) and
 * TransactionEvent (2.0.1) drive the sessions. Per-charger order comes from the bus key. A report refused by a rule
 * is logged and skipped; a store failure throws, so the bus delivers the message again (every step is idempotent).
 *
 * Chargers are keys: different chargers' messages are handled concurrently (their appends share the event store's
 * group commit), each charger's still in order. What two chargers may share is safe for that: a session belongs to
 * one connector; a card's token, a customer's wallet or a session the phone also stops are written with the
 * stream's expected revision and retried on a conflict (ChargingStreams), the wallet one command at a time per wallet.
 */
export function startChargingTransactions(bus: Bus, sessions: ChargingSessions): Consumer {
  const options: ConsumerOptions = { groupId: CHARGING_TRANSACTIONS_GROUP, topics: [BUS_TOPICS.ocppInbound], fromBeginning: true, concurrency: { perKey: true, max: 256 } };
  return bus.subscribe<InboundOcppMessage>(options, async ({ value }) => {
    const reports = transactionReports(value);
    const context = { ...newContext({ type: 'charger', id: value.chargerId }, value.action), causationId: `${value.connectionId}/${value.messageId}` };
    for (const report of reports) {
      try {
        await sessions.apply(report, context);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        log.warn('charger transaction message refused', { chargerId: value.chargerId, action: value.action, report: report.kind, code: error.code });
      }
    }
  });
}
