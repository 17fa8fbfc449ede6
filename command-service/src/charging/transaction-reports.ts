import type { AuthorizationOutcome, InboundChargerMessage, MeterSample } from '@evc/contracts';
import type { Reading } from './session.decider';

/** What a charger's transaction message asks of the sessions, one step at a time. */
export type TransactionReport =
  | {
      kind: 'start';
      chargerId: string;
      connectorId: number;
      idTag: string;
      transactionId: string;
      meterStartWh: number;
      timestamp: string;
      /** What the charger was told about the token (null: the gateway did not ask about it). */
      authorization: AuthorizationOutcome | null;
    }
  | { kind: 'readings'; chargerId: string; transactionId: string; readings: Reading[] }
  | { kind: 'stop'; chargerId: string; transactionId: string; meterStopWh: number | null; timestamp: string; reason: string | null };

/** A reading is a sample of the energy register (power and SoC ride along). */
const isReading = (s: MeterSample): s is Reading => s.energyWh !== null;

/** The reports of one inbound message, in the order to apply them; [] for anything that is not a transaction's. */
export function transactionReports({ chargerId, authorization, message: m }: InboundChargerMessage): TransactionReport[] {
  switch (m.type) {
    case 'TransactionStarted': {
      const { connectorId, idTag, transactionId, meterStartWh, startedAt: timestamp } = m;
      const start: TransactionReport = {
        kind: 'start',
        chargerId,
        connectorId,
        idTag,
        transactionId,
        meterStartWh,
        timestamp,
        authorization: authorization ?? null,
      };
      return m.samples.length > 0
        ? [start, { kind: 'readings', chargerId, transactionId, readings: m.samples.filter(isReading) }]
        : [start];
    }
    case 'MeterValuesReported':
      return m.transactionId === null
        ? []
        : [{ kind: 'readings', chargerId, transactionId: m.transactionId, readings: m.samples.filter(isReading) }];
    case 'TransactionEnded': {
      const { transactionId, meterStopWh, endedAt: timestamp, reason } = m;
      return [
        { kind: 'readings', chargerId, transactionId, readings: m.samples.filter(isReading) },
        { kind: 'stop', chargerId, transactionId, meterStopWh, timestamp, reason },
      ];
    }
    default:
      return [];
  }
}
