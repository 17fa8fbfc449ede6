import { BUS_TOPICS, inboundChargerMessageSchema } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
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
 * Chargers are keys: different chargers' messages are handled concurrently (their appends share the event store's
 * group commit), each charger's still in order. What two chargers may share is safe for that: a session belongs to
 * one connector; a card's token, a customer's wallet or a session the phone also stops are written with the
 * stream's expected revision and retried on a conflict (ChargingStreams), the wallet one command at a time per wallet.
 */
export function startChargingTransactions(bus: Bus, sessions: ChargingSessions): Consumer {
  const options: ConsumerOptions = {
    groupId: CHARGING_TRANSACTIONS_GROUP,
    topics: [BUS_TOPICS.ocppInbound],
    fromBeginning: true,
    concurrency: { perKey: true, max: 256 },
  };
  return bus.subscribe<unknown>(options, async ({ key, value }) => {
    const parsed = inboundChargerMessageSchema.safeParse(value);
    if (!parsed.success)
      return log.warn('charger message refused by its schema', { chargerId: key, issue: parsed.error.issues[0]?.message });
    const m = parsed.data;
    const reports = transactionReports(m);
    if (reports.length === 0) return;
    const context = {
      ...newContext({ type: 'charger', id: m.chargerId }, m.message.type),
      causationId: `${m.connectionId}/${m.messageId}`,
    };
    for (const report of reports) {
      try {
        await sessions.apply(report, context);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        log.warn('charger transaction message refused', {
          chargerId: m.chargerId,
          message: m.message.type,
          report: report.kind,
          code: error.code,
        });
      }
    }
  });
}
