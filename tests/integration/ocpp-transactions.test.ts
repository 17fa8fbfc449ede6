import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { ChargerMessageType, InboundChargerMessage } from '@evc/contracts';
import { startTestApp, type TestApp } from '../support/app';
import { startOcppNode, type OcppNode } from '../support/ocpp-node';

/** Inbound transaction messages on one gateway node (its own bus; the test answers authorizations). */
describe('OCPP inbound: authorization and transactions', () => {
  let app: TestApp;
  let node: OcppNode;
  const published = (chargerId: string, type: ChargerMessageType) =>
    node.inbound.filter((m) => m.chargerId === chargerId && m.message.type === type);
  const one = async (chargerId: string, type: ChargerMessageType, count = 1): Promise<InboundChargerMessage> => {
    await expect.poll(() => published(chargerId, type).length).toBe(count);
    return published(chargerId, type).at(-1)!;
  };

  beforeAll(async () => {
    app = await startTestApp();
    node = await startOcppNode(app, { authorizeTimeoutMs: 150 });
  });
  afterAll(async () => {
    await node?.close();
    await app?.close();
  });

  it('OCPP 1.6: Authorize asks the command side; the answer (1.6 names) is returned, the network status published', async () => {
    const { chargerId, client } = await node.connect('1.6');
    node.answers = (q) => (q.idTag === 'CARD-OK' ? { status: 'Accepted', expiryDate: '2030-01-01T00:00:00.000Z' } : { status: 'NoCredit' });
    expect(await client.call('Authorize', { idTag: 'CARD-OK' })).toEqual({
      idTagInfo: { status: 'Accepted', expiryDate: '2030-01-01T00:00:00.000Z' },
    });
    expect(node.questions.at(-1)).toMatchObject({
      chargerId,
      idTag: 'CARD-OK',
      nodeId: 'test-node',
      purpose: 'authorize',
      connectorId: null,
      requestId: expect.any(String),
    });
    expect(await one(chargerId, 'AuthorizeRequested')).toMatchObject({
      message: { idTag: 'CARD-OK' },
      authorization: { status: 'Accepted', source: 'command-side' },
    });
    // 1.6 has no NoCredit: Blocked.
    expect(await client.call('Authorize', { idTag: 'CARD-POOR' })).toEqual({ idTagInfo: { status: 'Blocked' } });
    expect(await one(chargerId, 'AuthorizeRequested', 2)).toMatchObject({ authorization: { status: 'NoCredit', source: 'command-side' } });
  });

  it('OCPP 1.6: StartTransaction gets a transaction id (the same for the same start again), MeterValues, StopTransaction', async () => {
    const { chargerId, client } = await node.connect('1.6');
    node.answers = () => ({ status: 'Accepted' });
    const start = { connectorId: 1, idTag: 'CARD-OK', meterStart: 1_000_000, timestamp: new Date().toISOString() };
    const answer = (await client.call('StartTransaction', start)) as { transactionId: number; idTagInfo: { status: string } };
    expect(answer.idTagInfo).toEqual({ status: 'Accepted' });
    expect(Number.isInteger(answer.transactionId) && answer.transactionId > 0 && answer.transactionId < 2 ** 31).toBe(true);
    expect(node.questions.at(-1)).toMatchObject({ chargerId, purpose: 'transaction', connectorId: 1, idTag: 'CARD-OK' });
    expect(await one(chargerId, 'TransactionStarted')).toMatchObject({
      message: {
        transactionId: String(answer.transactionId),
        connectorId: 1,
        idTag: 'CARD-OK',
        meterStartWh: 1_000_000,
        startedAt: start.timestamp,
        samples: [],
      },
      authorization: { status: 'Accepted', source: 'command-side' },
    });
    // A charger that lost the answer sends the same start again: same id (the command side sees one session).
    expect(((await client.call('StartTransaction', start)) as { transactionId: number }).transactionId).toBe(answer.transactionId);
    await one(chargerId, 'TransactionStarted', 2);

    const meter = {
      connectorId: 1,
      transactionId: answer.transactionId,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: '1002500', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: '22000', measurand: 'Power.Active.Import', unit: 'W' },
            { value: '41.5', measurand: 'SoC', unit: 'Percent', location: 'EV' },
          ],
        },
      ],
    };
    expect(await client.call('MeterValues', meter)).toEqual({});
    expect(await one(chargerId, 'MeterValuesReported')).toMatchObject({
      protocol: 'ocpp1.6',
      message: {
        connectorId: 1,
        transactionId: String(answer.transactionId),
        samples: [{ timestamp: meter.meterValue[0]!.timestamp, energyWh: 1_002_500, powerW: 22_000, socPercent: 42 }],
      },
    });
    const stop = {
      transactionId: answer.transactionId,
      idTag: 'CARD-OK',
      meterStop: 1_004_000,
      timestamp: new Date().toISOString(),
      reason: 'Local',
    };
    expect(await client.call('StopTransaction', stop)).toEqual({ idTagInfo: { status: 'Accepted' } });
    expect(await one(chargerId, 'TransactionEnded')).toMatchObject({
      message: { transactionId: String(answer.transactionId), meterStopWh: 1_004_000, endedAt: stop.timestamp, reason: 'Local' },
    });
    expect(
      await client.call('StopTransaction', { transactionId: answer.transactionId, meterStop: 1_004_000, timestamp: stop.timestamp }),
    ).toEqual({});
  });

  it('OCPP 1.6: DataTransfer (UnknownVendorId) and notifications are published and acknowledged', async () => {
    const { chargerId, client } = await node.connect('1.6');
    expect(await client.call('DataTransfer', { vendorId: 'com.example', messageId: 'x', data: 'y' })).toEqual({
      status: 'UnknownVendorId',
    });
    expect(await one(chargerId, 'DataTransfer')).toMatchObject({ message: { vendorId: 'com.example', messageId: 'x', data: 'y' } });
    expect(await client.call('FirmwareStatusNotification', { status: 'Installed' })).toEqual({});
    expect(await client.call('DiagnosticsStatusNotification', { status: 'Idle' })).toEqual({});
    // read into their own messages, for the firmware campaigns and the diagnostics requests
    expect(await one(chargerId, 'FirmwareStatusReported')).toMatchObject({ message: { reportedStatus: 'Installed', requestId: null } });
    expect(await one(chargerId, 'DiagnosticsStatusReported')).toMatchObject({
      message: { status: 'Idle', reportedStatus: 'Idle', requestId: null },
    });
  });

  it('no answer in time: Authorize answers the cached answer of the last 24 h, else Invalid; StartTransaction is Accepted', async () => {
    const { chargerId, client } = await node.connect('1.6');
    node.answers = () => ({ status: 'Blocked' });
    expect(await client.call('Authorize', { idTag: 'CARD-KNOWN' })).toEqual({ idTagInfo: { status: 'Blocked' } });
    node.answers = () => undefined; // the command side is down
    expect(await client.call('Authorize', { idTag: 'CARD-KNOWN' })).toEqual({ idTagInfo: { status: 'Blocked' } });
    expect(await one(chargerId, 'AuthorizeRequested', 2)).toMatchObject({ authorization: { status: 'Blocked', source: 'cache' } });
    expect(await client.call('Authorize', { idTag: 'CARD-NEW' })).toEqual({ idTagInfo: { status: 'Invalid' } });
    expect(await one(chargerId, 'AuthorizeRequested', 3)).toMatchObject({ authorization: { status: 'Invalid', source: 'fallback' } });
    const answer = (await client.call('StartTransaction', {
      connectorId: 2,
      idTag: 'CARD-NEW',
      meterStart: 5,
      timestamp: new Date().toISOString(),
    })) as { idTagInfo: unknown; transactionId: number };
    expect(answer.idTagInfo).toEqual({ status: 'Accepted' });
    expect(await one(chargerId, 'TransactionStarted')).toMatchObject({
      message: { transactionId: String(answer.transactionId) },
      authorization: { status: 'Accepted', source: 'fallback' },
    });
    node.answers = () => ({ status: 'Accepted' });
  });

  it('OCPP 2.0.1: Authorize, TransactionEvent Started (asked) / Updated / Ended, NotifyReport, MeterValues', async () => {
    const { chargerId, client } = await node.connect('2.0.1');
    node.answers = (q) => (q.idTag === 'APP-1' ? { status: 'Accepted' } : { status: 'NoCredit' });
    expect(await client.call('Authorize', { idToken: { idToken: 'APP-2', type: 'Central' } })).toEqual({
      idTokenInfo: { status: 'NoCredit' },
    });
    expect(await one(chargerId, 'AuthorizeRequested')).toMatchObject({ authorization: { status: 'NoCredit', source: 'command-side' } });
    const at = new Date().toISOString();
    const started = {
      eventType: 'Started',
      timestamp: at,
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { transactionId: 'tx-201-a', chargingState: 'Charging', remoteStartId: 42 },
      idToken: { idToken: 'APP-1', type: 'Central' },
      evse: { id: 2, connectorId: 1 },
      meterValue: [
        { timestamp: at, sampledValue: [{ value: 500_000, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } }] },
      ],
    };
    expect(await client.call('TransactionEvent', started)).toEqual({ idTokenInfo: { status: 'Accepted' } });
    expect(node.questions.at(-1)).toMatchObject({ purpose: 'transaction', connectorId: 2, idTag: 'APP-1' });
    expect(await one(chargerId, 'TransactionStarted')).toMatchObject({
      protocol: 'ocpp2.0.1',
      message: {
        transactionId: 'tx-201-a',
        connectorId: 2,
        idTag: 'APP-1',
        meterStartWh: 500_000,
        startedAt: at,
        samples: [{ timestamp: at, energyWh: 500_000, powerW: null, socPercent: null }],
      },
      authorization: { status: 'Accepted', source: 'command-side' },
    });
    const asked = node.questions.length;
    const updated = { ...started, eventType: 'Updated', triggerReason: 'MeterValuePeriodic', seqNo: 1, idToken: undefined };
    delete updated.idToken;
    expect(await client.call('TransactionEvent', updated)).toEqual({});
    // Without a token: the transaction's meter values, nothing asked.
    expect(await one(chargerId, 'MeterValuesReported')).toMatchObject({ message: { transactionId: 'tx-201-a', connectorId: 2 } });
    expect(published(chargerId, 'MeterValuesReported')[0]!.authorization).toBeUndefined();
    expect(node.questions).toHaveLength(asked);
    const ended = {
      ...updated,
      eventType: 'Ended',
      triggerReason: 'RemoteStop',
      seqNo: 2,
      transactionInfo: { transactionId: 'tx-201-a', stoppedReason: 'Remote' },
    };
    expect(await client.call('TransactionEvent', ended)).toEqual({});
    expect(await one(chargerId, 'TransactionEnded')).toMatchObject({
      message: { transactionId: 'tx-201-a', meterStopWh: 500_000, reason: 'Remote' },
    });
    const report = {
      requestId: 1,
      generatedAt: at,
      seqNo: 0,
      tbc: false,
      reportData: [{ component: { name: 'ChargingStation' }, variable: { name: 'Model' }, variableAttribute: [{ value: 'X' }] }],
    };
    expect(await client.call('NotifyReport', report)).toEqual({});
    expect(await one(chargerId, 'Notified')).toMatchObject({ message: { action: 'NotifyReport' }, protocol: 'ocpp2.0.1' });
    expect(await client.call('MeterValues', { evseId: 1, meterValue: [{ timestamp: at, sampledValue: [{ value: 1 }] }] })).toEqual({});
    expect(await one(chargerId, 'MeterValuesReported', 2)).toMatchObject({
      message: { connectorId: 1, transactionId: null, samples: [{ energyWh: 1 }] },
    });
    expect(await client.call('DataTransfer', { vendorId: 'com.example' })).toEqual({ status: 'UnknownVendorId' });
  });

  it('OCPP 2.0.1: no answer in time, a started transaction is Accepted (fallback)', async () => {
    const { chargerId, client } = await node.connect('2.0.1');
    node.answers = () => undefined;
    const at = new Date().toISOString();
    const started = {
      eventType: 'Started',
      timestamp: at,
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: 'tx-201-b' },
      idToken: { idToken: 'CARD-X', type: 'ISO14443' },
    };
    expect(await client.call('TransactionEvent', started)).toEqual({ idTokenInfo: { status: 'Accepted' } });
    expect(await one(chargerId, 'MeterValuesReported')).toMatchObject({
      message: { transactionId: 'tx-201-b' },
      authorization: { status: 'Accepted', source: 'fallback' },
    });
    node.answers = () => ({ status: 'Accepted' });
  });

  it('two gateway nodes on one bus: each gets the answers to its own questions', async () => {
    const second = await startOcppNode(app, { authorizeTimeoutMs: 2000, nodeId: 'other-node', sharing: node });
    try {
      const a = await node.connect('1.6');
      const b = await second.connect('1.6');
      node.answers = (q) => (q.nodeId === 'test-node' ? { status: 'Accepted' } : { status: 'Blocked' });
      const answers = await Promise.all([
        ...[1, 2, 3].map(() => a.client.call('Authorize', { idTag: 'CARD-SHARED' })),
        ...[1, 2, 3].map(() => b.client.call('Authorize', { idTag: 'CARD-SHARED' })),
      ]);
      expect(answers.map((x) => (x as { idTagInfo: { status: string } }).idTagInfo.status)).toEqual([
        'Accepted',
        'Accepted',
        'Accepted',
        'Blocked',
        'Blocked',
        'Blocked',
      ]);
      expect(await one(b.chargerId, 'AuthorizeRequested', 3)).toMatchObject({
        authorization: { status: 'Blocked', source: 'command-side' },
      });
    } finally {
      node.answers = () => ({ status: 'Accepted' });
      await second.close();
    }
  });

  it('a malformed call gets a CALLERROR and is not published', async () => {
    const { chargerId, client } = await node.connect('1.6');
    const frames: unknown[] = [];
    (client as RPCClient & { on(e: 'message', l: (m: { message: string | Buffer; outbound: boolean }) => void): void }).on(
      'message',
      ({ message, outbound }) => {
        if (!outbound) frames.push(JSON.parse(String(message)));
      },
    );
    // StartTransaction without idTag, and a transaction id that is not an integer.
    (client as unknown as { sendRaw(m: string): void }).sendRaw(
      JSON.stringify([2, 'bad-1', 'StartTransaction', { connectorId: 1, meterStart: 0, timestamp: new Date().toISOString() }]),
    );
    (client as unknown as { sendRaw(m: string): void }).sendRaw(
      JSON.stringify([2, 'bad-2', 'StopTransaction', { transactionId: 'abc', meterStop: 0, timestamp: new Date().toISOString() }]),
    );
    await expect.poll(() => frames.length).toBe(2);
    expect(frames.map((f) => (f as unknown[]).slice(0, 2))).toEqual([
      [4, 'bad-1'],
      [4, 'bad-2'],
    ]);
    await client.call('Heartbeat', {});
    await one(chargerId, 'Heartbeat');
    expect(published(chargerId, 'TransactionStarted')).toEqual([]);
    expect(published(chargerId, 'TransactionEnded')).toEqual([]);
  });
});
