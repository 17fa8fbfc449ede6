import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import {
  chargingStreams,
  type NotificationsView,
  type Paged,
  type SessionAdminView,
  type SessionView,
  type WalletView,
} from '@evc/contracts';
import { cardSessionId } from '@evc/command-service';
import { registerCharger } from '../support/factories';
import { must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { aChargingNetwork, aCustomerReadyToCharge, bootAvailable } from '../support/charging-story';
import { command, query, signIn } from '../support/identity';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());

/**
 * A transaction the product refuses at the charger (a lost card, a banned owner's card) may still run on a charger
 * that ignores the answer: it is recorded for staff with its energy, and costs its token's owner nothing, in 1.6
 * (StartTransaction) and 2.0.1 (TransactionEvent Started).
 */
describe('a refused start is never billed', () => {
  let app: TestApp;
  let staff: string;
  let stationId: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ stationId, staff: staff } = await aChargingNetwork(app));
  });
  afterAll(() => app?.close());

  /** A customer with credit and a linked card, on a charger of `version` connected through a raw OCPP client. */
  async function given(version: '1.6' | '2.0.1') {
    const { customer } = await aCustomerReadyToCharge(app, 10_000);
    const cardId = `EV-${randomUUID().slice(0, 8).toUpperCase()}`;
    const requestId = randomUUID();
    await must(app, 'card-requests.link', { requestId, cardId, referenceName: 'My card', phone: '01012345678' }, customer.token);
    await must(app, 'card-requests.deliver', { requestId, expectedRevision: 0, cardId, issueDate: today() }, staff);
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId, { ocppVersion: version });
    await app.embedded.runner.waitFor(result.position, 2000);
    const client = new RPCClient({
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity: chargerId,
      password: secret,
      protocols: [`ocpp${version}`],
      reconnect: false,
      strictMode: true,
    } as ConstructorParameters<typeof RPCClient>[0]);
    client.handle(() => ({ status: 'Accepted' }) as unknown as Promise<Record<string, unknown>>);
    if (version === '1.6') await bootAvailable(app, client, chargerId);
    else await client.connect();
    return { customer, cardId, chargerId, client };
  }

  /** The session is staff's to see (refused, with its energy and cost 0); its owner sees no session, debit or notification. */
  async function expectRecordedNotBilled(
    sessionId: string,
    chargerId: string,
    customer: { customerId: string; token: string },
    refusal: string,
  ) {
    const store = app.embedded.infra.eventStore;
    const types = async () => (await store.readStream(chargingStreams.session(sessionId))).map((e) => e.type);
    await expect.poll(types, { timeout: 10_000 }).toContain('SessionStopped');
    const stopped = (await store.readStream(chargingStreams.session(sessionId))).find((e) => e.type === 'SessionStopped')!.data as {
      energyWh: number;
      cost: number;
    };
    expect(stopped).toMatchObject({ energyWh: 6000, cost: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await types()).not.toContain('SessionBilled');
    expect((await store.readStream(chargingStreams.wallet(customer.customerId))).filter((e) => e.type === 'WalletDebited')).toEqual([]);

    const list = await query<Paged<SessionAdminView>>(app, `/api/queries/admin/sessions?chargerId=${chargerId}`, staff);
    expect(list.body.dataList).toEqual([
      expect.objectContaining({ sessionId, refusal, energyWh: 6000, cost: 0, billed: false, status: 'stopped' }),
    ]);
    const mine = await query<Paged<SessionView>>(app, '/api/queries/me/sessions', customer.token);
    expect(mine.body.dataList).toEqual([]);
    expect((await query(app, `/api/queries/me/sessions/${sessionId}`, customer.token)).status).toBe(404);
    const wallet = await query<WalletView>(app, '/api/queries/me/wallet', customer.token);
    expect(wallet.body.balance).toBe(10_000);
    expect(wallet.body.transactionsDates.flatMap((d) => d.transactions).filter((t) => t.kind === 'session')).toEqual([]);
    const notes = await query<NotificationsView>(app, '/api/queries/me/notifications', customer.token);
    expect(notes.body.dataList.filter((n) => n.kind.startsWith('session'))).toEqual([]);
  }

  it('OCPP 1.6: a lost card answered Blocked at StartTransaction, charging on anyway, costs its owner nothing', async () => {
    const { customer, cardId, chargerId, client } = await given('1.6');
    try {
      expect((await command(app, 'cards.deactivate-own', { cardId }, customer.token)).status).toBe(200);
      const timestamp = new Date().toISOString();
      const answer = (await client.call('StartTransaction', { connectorId: 1, idTag: cardId, meterStart: 1000, timestamp })) as {
        transactionId: number;
        idTagInfo: { status: string };
      };
      expect(answer.idTagInfo.status).toBe('Blocked');
      const meter = {
        timestamp: new Date(Date.parse(timestamp) + 60_000).toISOString(),
        sampledValue: [{ value: '4000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
      };
      await client.call('MeterValues', { connectorId: 1, transactionId: answer.transactionId, meterValue: [meter] });
      await client.call('StopTransaction', {
        transactionId: answer.transactionId,
        meterStop: 7000,
        timestamp: new Date(Date.parse(timestamp) + 120_000).toISOString(),
        reason: 'DeAuthorized',
      });
      await expectRecordedNotBilled(cardSessionId(chargerId, 1, cardId, timestamp), chargerId, customer, 'Blocked');
    } finally {
      await client.close({ force: true }).catch(() => undefined);
    }
  }, 60_000);

  it("OCPP 2.0.1: a banned owner's card answered Blocked at TransactionEvent Started costs them nothing", async () => {
    const { customer, cardId, chargerId, client } = await given('2.0.1');
    try {
      await must(app, 'customers.ban', { customerId: customer.customerId, reason: 'Chargeback fraud' }, staff);
      const at = new Date().toISOString();
      const wh = (value: number, time: string) => [
        { timestamp: time, sampledValue: [{ value, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } }] },
      ];
      const started = {
        eventType: 'Started',
        timestamp: at,
        triggerReason: 'Authorized',
        seqNo: 0,
        transactionInfo: { transactionId: 'tx-refused-1', chargingState: 'Charging' },
        idToken: { idToken: cardId, type: 'ISO14443' },
        evse: { id: 1, connectorId: 1 },
        meterValue: wh(1000, at),
      };
      expect(await client.call('TransactionEvent', started)).toEqual({ idTokenInfo: { status: 'Blocked' } });
      const end = new Date(Date.parse(at) + 120_000).toISOString();
      const ended = {
        eventType: 'Ended',
        timestamp: end,
        triggerReason: 'Deauthorized',
        seqNo: 1,
        transactionInfo: { transactionId: 'tx-refused-1', stoppedReason: 'DeAuthorized' },
        evse: { id: 1, connectorId: 1 },
        meterValue: wh(7000, end),
      };
      expect(await client.call('TransactionEvent', ended)).toEqual({});
      // The ban ended their sign-in: the owner's view is read with a new one after the ban is lifted.
      await must(app, 'customers.unban', { customerId: customer.customerId, reason: 'Settled' }, staff);
      const again = await signIn(app.baseUrl, customer.email, customer.password);
      await expectRecordedNotBilled(
        cardSessionId(chargerId, 1, cardId, at),
        chargerId,
        { customerId: customer.customerId, token: again.body.token },
        'Blocked',
      );
    } finally {
      await client.close({ force: true }).catch(() => undefined);
    }
  }, 60_000);
});
