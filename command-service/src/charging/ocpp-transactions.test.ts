import { describe, expect, it } from 'vitest';
import type { InboundOcppMessage } from '@evc/contracts';
import { transactionReports } from './ocpp-transactions';

const message = (action: string, payload: unknown, extra: Partial<InboundOcppMessage> = {}): InboundOcppMessage => ({
  chargerId: 'CP-1', protocol: 'ocpp1.6', connectionId: 'conn', messageId: 'm-1', action, payload, receivedAt: '2026-01-01T10:00:00.000Z', ...extra,
});

describe('OCPP transaction messages', () => {
  it('1.6 StartTransaction: the gateway transaction id and what the charger was told', () => {
    const reports = transactionReports(message('StartTransaction', { connectorId: 1, idTag: 'TAG1', meterStart: 1500, timestamp: '2026-01-01T10:00:00Z' }, { transactionId: '42', authorization: { status: 'Accepted', source: 'fallback' } }));
    expect(reports).toEqual([
      { kind: 'start', chargerId: 'CP-1', connectorId: 1, idTag: 'TAG1', transactionId: '42', meterStartWh: 1500, timestamp: '2026-01-01T10:00:00.000Z', authorization: { status: 'Accepted', source: 'fallback' } },
    ]);
    expect(transactionReports(message('StartTransaction', { connectorId: 1, idTag: 'TAG1', meterStart: 1500, timestamp: '2026-01-01T10:00:00Z' }))).toEqual([]);
  });

  it('1.6 MeterValues: Wh and kWh registers, power in W or kW, SoC; values without a register are left out', () => {
    const [report] = transactionReports(
      message('MeterValues', {
        connectorId: 1,
        transactionId: 42,
        meterValue: [
          { timestamp: '2026-01-01T10:01:00Z', sampledValue: [{ value: '2500' }, { value: '7.2', measurand: 'Power.Active.Import', unit: 'kW' }, { value: '55', measurand: 'SoC', unit: 'Percent' }] },
          { timestamp: '2026-01-01T10:02:00Z', sampledValue: [{ value: '3.1', measurand: 'Energy.Active.Import.Register', unit: 'kWh' }, { value: '7000', measurand: 'Power.Active.Import', unit: 'W' }] },
          { timestamp: '2026-01-01T10:03:00Z', sampledValue: [{ value: '60', measurand: 'SoC' }] },
        ],
      }),
    );
    expect(report).toEqual({
      kind: 'readings',
      chargerId: 'CP-1',
      transactionId: '42',
      readings: [
        { timestamp: '2026-01-01T10:01:00.000Z', energyWh: 2500, powerW: 7200, socPercent: 55 },
        { timestamp: '2026-01-01T10:02:00.000Z', energyWh: 3100, powerW: 7000, socPercent: null },
      ],
    });
  });

  it('1.6 StopTransaction: its transaction data first, then the stop', () => {
    const reports = transactionReports(
      message('StopTransaction', { transactionId: 42, meterStop: 9000, timestamp: '2026-01-01T11:00:00Z', reason: 'Remote', transactionData: [{ timestamp: '2026-01-01T10:59:00Z', sampledValue: [{ value: '8900' }] }] }),
    );
    expect(reports.map((r) => r.kind)).toEqual(['readings', 'stop']);
    expect(reports[1]).toEqual({ kind: 'stop', chargerId: 'CP-1', transactionId: '42', meterStopWh: 9000, timestamp: '2026-01-01T11:00:00.000Z', reason: 'Remote' });
  });

  it('2.0.1 TransactionEvent: Started opens with its register, Updated reads, Ended reads and stops', () => {
    const base = { timestamp: '2026-01-01T10:00:00Z', triggerReason: 'Authorized', seqNo: 0, evse: { id: 2, connectorId: 1 }, idToken: { idToken: 'TAG1', type: 'ISO14443' } };
    const mv = (ts: string, wh: number) => [{ timestamp: ts, sampledValue: [{ value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } }] }];
    const v201 = { protocol: 'ocpp2.0.1' };
    const started = transactionReports(message('TransactionEvent', { ...base, eventType: 'Started', transactionInfo: { transactionId: 'tx-a' }, meterValue: mv('2026-01-01T10:00:00Z', 700) }, v201));
    expect(started[0]).toMatchObject({ kind: 'start', connectorId: 2, idTag: 'TAG1', transactionId: 'tx-a', meterStartWh: 700 });
    const ended = transactionReports(
      message('TransactionEvent', { ...base, timestamp: '2026-01-01T10:30:00Z', eventType: 'Ended', transactionInfo: { transactionId: 'tx-a', stoppedReason: 'EVDisconnected' }, meterValue: mv('2026-01-01T10:30:00Z', 5700) }, v201),
    );
    expect(ended.map((r) => r.kind)).toEqual(['readings', 'stop']);
    expect(ended[1]).toMatchObject({ meterStopWh: 5700, reason: 'EVDisconnected' });
  });
});
