import { describe, expect, it } from 'vitest';
import type { ChargerMessage, InboundChargerMessage } from '@evc/contracts';
import { transactionReports } from './transaction-reports';

const inbound = (message: ChargerMessage, extra: Partial<InboundChargerMessage> = {}): InboundChargerMessage => ({
  chargerId: 'CP-1',
  protocol: 'ocpp1.6',
  connectionId: 'conn',
  messageId: 'm-1',
  receivedAt: '2026-01-01T10:00:00.000Z',
  message,
  ...extra,
});
const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('charger transaction messages → session reports', () => {
  it('a start with what the charger was told; its own samples follow it as readings', () => {
    const started: ChargerMessage = {
      type: 'TransactionStarted',
      transactionId: '42',
      connectorId: 1,
      idTag: 'TAG1',
      meterStartWh: 1500,
      startedAt: at(0),
      samples: [],
    };
    expect(transactionReports(inbound(started, { authorization: { status: 'Accepted', source: 'fallback' } }))).toEqual([
      {
        kind: 'start',
        chargerId: 'CP-1',
        connectorId: 1,
        idTag: 'TAG1',
        transactionId: '42',
        meterStartWh: 1500,
        timestamp: at(0),
        authorization: { status: 'Accepted', source: 'fallback' },
      },
    ]);
    const withSamples = transactionReports(
      inbound({ ...started, samples: [{ timestamp: at(0), energyWh: 1500, powerW: null, socPercent: 40 }] }),
    );
    expect(withSamples.map((r) => r.kind)).toEqual(['start', 'readings']);
    expect(withSamples[0]).toMatchObject({ authorization: null });
  });

  it('meter values of a transaction: only samples of the energy register are readings; none without a transaction', () => {
    const samples = [
      { timestamp: at(1), energyWh: 2500, powerW: 7200, socPercent: 55 },
      { timestamp: at(3), energyWh: null, powerW: null, socPercent: 60 },
    ];
    expect(transactionReports(inbound({ type: 'MeterValuesReported', connectorId: 1, transactionId: '42', samples }))).toEqual([
      { kind: 'readings', chargerId: 'CP-1', transactionId: '42', readings: [samples[0]] },
    ]);
    expect(transactionReports(inbound({ type: 'MeterValuesReported', connectorId: 1, transactionId: null, samples }))).toEqual([]);
  });

  it('an end: its samples first, then the stop', () => {
    const ended: ChargerMessage = {
      type: 'TransactionEnded',
      transactionId: '42',
      meterStopWh: 9000,
      endedAt: at(59),
      reason: 'Remote',
      samples: [{ timestamp: at(58), energyWh: 8900, powerW: null, socPercent: null }],
    };
    expect(transactionReports(inbound(ended))).toEqual([
      { kind: 'readings', chargerId: 'CP-1', transactionId: '42', readings: ended.samples },
      { kind: 'stop', chargerId: 'CP-1', transactionId: '42', meterStopWh: 9000, timestamp: at(59), reason: 'Remote' },
    ]);
  });

  it('anything else is not a transaction', () => {
    for (const message of [{ type: 'Heartbeat' }, { type: 'AuthorizeRequested', idTag: 'TAG1' }, { type: 'Connected' }] as ChargerMessage[])
      expect(transactionReports(inbound(message))).toEqual([]);
  });
});
