import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainView, EventSearchPage, EventView } from '@evc/contracts';
import { checkoutInSandbox, startTestApp, type TestApp } from '../support/app';
import {
  chargeOnce,
  connectDemoCharger,
  demoCustomer,
  type ChargedSession,
  type DemoCustomer,
  type RawCharger,
} from '../support/charging-story';
import { command, customerToken, givenStaff, query, superAdminToken } from '../support/identity';

/**
 * Through HTTP: the explorer's search and its masking, the chain of a wallet debit across contexts (session,
 * charger transaction, meter values, status changes, OCPP frames, the customer's command), and who may see any of it.
 */
describe('the event explorer', () => {
  let app: TestApp;
  let admin: string;
  /** events.read without customers.read nor stations.write: personal data and frames masked. */
  let reader: string;
  /** stations.write only: no events.read. */
  let operator: string;
  let customer: DemoCustomer;
  let charger: RawCharger;
  let session: ChargedSession;

  const search = async (token: string, params: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
    return query<EventSearchPage & { code?: string }>(app, `/api/queries/admin/events?${qs}`, token);
  };
  const field = (e: EventView, path: string) => e.fields.find((f) => f.path === path);

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await superAdminToken(app);
    for (const [roleId, privileges] of [
      ['event-reader', ['events.read']],
      ['charger-operator', ['stations.write']],
    ] as const) {
      expect((await command(app, 'roles.create', { roleId, name: roleId, nameAr: roleId, privileges }, admin)).status).toBe(200);
    }
    reader = (await givenStaff(app, ['event-reader'], admin)).token;
    operator = (await givenStaff(app, ['charger-operator'], admin)).token;
    customer = await demoCustomer(app);
    charger = await connectDemoCharger(app);
    session = await chargeOnce(app, charger, customer, { registers: [3000, 6000, 9000] });
  }, 60_000);

  afterAll(async () => {
    await charger?.close();
    await app?.close();
  });

  it('answers nothing to a customer, to staff without events.read, or to nobody', async () => {
    for (const path of [
      '/api/queries/admin/events',
      '/api/queries/admin/events/1',
      '/api/queries/admin/events/1/chain',
      `/api/queries/admin/chargers/${charger.chargerId}/operations`,
    ]) {
      expect((await query(app, path, customer.token)).status, path).toBe(403);
      expect((await query(app, path, operator)).status, path).toBe(403);
      expect((await query(app, path)).status, path).toBe(401);
    }
  });

  it('masks personal data for staff without customers.read and secrets for everyone; masked values cannot be searched', async () => {
    const other = await customerToken(app, { email: `mona.${randomUUID().slice(0, 6)}@example.com`, phone: '01099887766' });
    const asReader = (await search(reader, { type: 'CustomerSignedUp', stream: `account-${other.customerId}` })).body.dataList[0]!;
    expect(field(asReader, 'email')).toEqual({ path: 'email', value: null, masked: 'personal' });
    expect(field(asReader, 'phone')?.masked).toBe('personal');
    expect(field(asReader, 'firstName')?.masked).toBe('personal');
    expect(field(asReader, 'passwordHash')).toEqual({ path: 'passwordHash', value: null, masked: 'secret' });
    expect(field(asReader, 'gender')).toMatchObject({ value: 'female', masked: null });
    expect(JSON.stringify(asReader)).not.toContain(other.email);
    expect(JSON.stringify(asReader)).not.toContain('01099887766');

    const asAdmin = (await search(admin, { type: 'CustomerSignedUp', stream: `account-${other.customerId}` })).body.dataList[0]!;
    expect(field(asAdmin, 'email')).toMatchObject({ value: other.email, masked: null });
    expect(field(asAdmin, 'passwordHash')?.masked).toBe('secret');

    // Free text sees what the caller sees: the reader cannot find the event by the masked e-mail.
    expect((await search(reader, { q: other.email, type: 'CustomerSignedUp' })).body.dataList).toHaveLength(0);
    expect((await search(admin, { q: other.email, type: 'CustomerSignedUp' })).body.dataList.map((e) => e.streamId)).toEqual([
      `account-${other.customerId}`,
    ]);

    // A charger's key hash is a secret in its stream too; the customer actor's name is personal.
    const registered = (await search(admin, { stream: `charger-${charger.chargerId}`, type: 'ChargerRegistered' })).body.dataList[0]!;
    expect(field(registered, 'secretHash')?.masked).toBe('secret');
    const started = (await search(reader, { type: 'SessionRequested', stream: `session-${session.sessionId}` })).body.dataList[0]!;
    expect(started.actor).toEqual({ type: 'customer', id: customer.customerId, name: null });
    expect(field(started, 'idTag')?.masked).toBe('personal');
    const startedForAdmin = (await search(admin, { type: 'SessionRequested', stream: `session-${session.sessionId}` })).body.dataList[0]!;
    expect(startedForAdmin.actor.name).toMatch(/\S/);
  });

  it('searches by stream prefix, type, actor, correlation id and time, newest first, and pages by position under live appends', async () => {
    const wallets = (await search(admin, { streamPrefix: 'wallet-', pageSize: 200 })).body;
    expect(wallets.dataList.length).toBeGreaterThan(0);
    expect(wallets.dataList.every((e) => e.streamId.startsWith('wallet-'))).toBe(true);
    const positions = wallets.dataList.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));

    const debit = (await search(admin, { type: 'WalletDebited', stream: `wallet-${customer.customerId}` })).body.dataList[0]!;
    expect(field(debit, 'reference.type')?.value).toBe('session');
    expect(field(debit, 'reference.id')?.value).toBe(session.sessionId);
    const sameCorrelation = (await search(admin, { correlationId: debit.correlationId })).body.dataList;
    expect(sameCorrelation.map((e) => e.type)).toEqual(expect.arrayContaining(['SessionStopped', 'WalletDebited', 'SessionBilled']));
    expect(sameCorrelation.every((e) => e.correlationId === debit.correlationId)).toBe(true);

    // Digits typed on an Arabic keyboard find the same number.
    const eastern = String(session.transactionId).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const byTransaction = (await search(admin, { q: eastern, type: 'SessionCharging' })).body.dataList;
    expect(byTransaction.map((e) => e.streamId)).toEqual([`session-${session.sessionId}`]);

    const byCharger = (await search(admin, { actorType: 'charger', actorId: charger.chargerId, pageSize: 200 })).body.dataList;
    expect(byCharger.map((e) => e.type)).toEqual(
      expect.arrayContaining(['ConnectorStatusChanged', 'MeterReadingRecorded', 'SessionCharging']),
    );
    expect(byCharger.every((e) => e.actor.type === 'charger' && e.actor.id === charger.chargerId)).toBe(true);

    const window = { from: new Date(Date.parse(debit.recordedAt) - 1).toISOString(), to: debit.recordedAt };
    const inWindow = (await search(admin, { ...window, type: 'WalletDebited' })).body.dataList;
    expect(inWindow.map((e) => e.eventId)).toContain(debit.eventId);
    expect(
      (await search(admin, { from: new Date(Date.parse(debit.recordedAt) + 60_000).toISOString(), type: 'WalletDebited' })).body.dataList,
    ).toHaveLength(0);
    expect((await search(admin, { from: debit.recordedAt, to: '2020-01-01T00:00:00.000Z' })).status).toBe(400);

    // Paging: page 2 is the same whatever is appended after page 1 was read.
    const first = (await search(admin, { pageSize: 5 })).body;
    expect(first.dataList).toHaveLength(5);
    const second = (await search(admin, { pageSize: 5, before: first.next! })).body;
    expect(
      (
        await command(
          app,
          'roles.create',
          { roleId: 'appended-meanwhile', name: 'Appended meanwhile', nameAr: 'أضيف', privileges: [] },
          admin,
        )
      ).status,
    ).toBe(200);
    const secondAgain = (await search(admin, { pageSize: 5, before: first.next! })).body;
    expect(secondAgain.dataList.map((e) => e.eventId)).toEqual(second.dataList.map((e) => e.eventId));
    expect(Math.max(...second.dataList.map((e) => e.position))).toBeLessThan(Math.min(...first.dataList.map((e) => e.position)));

    // The live tail: only what is newer than the newest shown.
    const tail = (await search(admin, { after: first.dataList[0]!.position })).body;
    expect(tail.dataList.map((e) => e.type)).toContain('RoleCreated');
    expect(tail.dataList.every((e) => e.position > first.dataList[0]!.position)).toBe(true);
    expect(tail.gap).toBe(false);
    const tiny = (await search(admin, { after: 0, pageSize: 1 })).body;
    expect(tiny.gap).toBe(true);
  });

  it('follows the chain of a wallet debit to its session, transaction, meter values, status changes, OCPP frames and the command that started it', async () => {
    const debit = (await search(admin, { type: 'WalletDebited', stream: `wallet-${customer.customerId}` })).body.dataList[0]!;
    const res = await query<ChainView>(app, `/api/queries/admin/events/${debit.position}/chain`, admin);
    expect(res.status).toBe(200);
    const chain = res.body;
    const types = chain.events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'SessionRequested',
        'ConnectorClaimed',
        'ChargerCommandRequested',
        'ChargerCommandAnswered',
        'SessionStartAccepted',
        'TransactionBound',
        'SessionCharging',
        'MeterReadingRecorded',
        'SessionStopRequested',
        'SessionStopped',
        'WalletDebited',
        'SessionBilled',
        'ConnectorReleased',
        'ConnectorStatusChanged',
      ]),
    );
    expect(types.filter((t) => t === 'MeterReadingRecorded')).toHaveLength(3);
    expect(chain.events.map((e) => e.position)).toEqual([...chain.events.map((e) => e.position)].sort((a, b) => a - b));
    expect(chain.events.find((e) => e.eventId === debit.eventId)?.link).toBe('start');
    // The debit was caused by the session's stop; a meter reading by its MeterValues frame.
    const stopped = chain.events.find((e) => e.type === 'SessionStopped')!;
    expect(chain.events.find((e) => e.type === 'WalletDebited')!.causedBy).toBe(stopped.eventId);
    const reading = chain.events.find((e) => e.type === 'MeterReadingRecorded')!;
    const frame = chain.frames.find((f) => f.frameId === reading.causedBy)!;
    expect(frame).toMatchObject({ action: 'MeterValues', direction: 'in', kind: 'call', chargerId: charger.chargerId });
    expect(frame.caused).toContain(reading.eventId);
    expect(chain.frames.map((f) => f.action)).toEqual(expect.arrayContaining(['StartTransaction', 'MeterValues', 'StopTransaction']));
    // Status changes of the charger while the session ran join as context.
    expect(chain.events.filter((e) => e.type === 'ConnectorStatusChanged').every((e) => e.link === 'context')).toBe(true);
    // Who started it: the customer's sessions.start.
    const requested = chain.events.find((e) => e.type === 'SessionRequested')!;
    expect(chain.origins).toContainEqual(
      expect.objectContaining({
        correlationId: requested.correlationId,
        actor: expect.objectContaining({ type: 'customer', id: customer.customerId }),
      }),
    );
    expect(chain.framesHidden).toBe(0);
    expect(chain.truncated).toBe(false);

    // Without stations.write the frames stay in the message log; without customers.read the card tag is masked.
    const masked = (await query<ChainView>(app, `/api/queries/admin/events/${debit.position}/chain`, reader)).body;
    expect(masked.frames).toEqual([]);
    expect(masked.framesHidden).toBeGreaterThan(0);
    expect(masked.events.map((e) => e.eventId).sort()).toEqual(chain.events.map((e) => e.eventId).sort());
    const claim = masked.events.find((e) => e.type === 'ConnectorClaimed')!;
    expect(field(claim, 'idTag')?.masked).toBe('personal');
  });

  it('reaches the payment and the top-up from the credit of a payment, and the command outcomes from a staff command', async () => {
    const paymentId = randomUUID();
    const topUp = await command<{ checkoutUrl: string }>(app, 'wallet.top-up', { paymentId, amountEgp: 50 }, customer.token);
    expect(topUp.status).toBe(200);
    expect(await checkoutInSandbox(app.baseUrl, topUp.body.checkoutUrl)).toBe(303);
    await expect
      .poll(
        async () =>
          (await search(admin, { stream: `wallet-${customer.customerId}`, type: 'WalletCredited' })).body.dataList[0]?.fields.find(
            (f) => f.path === 'reference.id',
          )?.value,
        { timeout: 10_000 },
      )
      .toBe(paymentId);
    const credit = (await search(admin, { stream: `wallet-${customer.customerId}`, type: 'WalletCredited' })).body.dataList[0]!;
    const chain = (await query<ChainView>(app, `/api/queries/admin/events/${credit.position}/chain`, admin)).body;
    expect(chain.events.map((e) => e.type)).toEqual(expect.arrayContaining(['PaymentInitiated', 'PaymentCompleted', 'WalletCredited']));
    expect(chain.origins.some((o) => o.type === 'PaymentInitiated' && o.actor.type === 'customer')).toBe(true);

    const commandId = randomUUID();
    expect(
      (
        await command(
          app,
          'chargers.send-command',
          { commandId, chargerId: charger.chargerId, action: 'TriggerMessage', requestedMessage: 'Heartbeat' },
          admin,
        )
      ).status,
    ).toBe(200);
    await expect
      .poll(async () => (await search(admin, { stream: `charger-command-${commandId}` })).body.dataList.length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    const requested = (await search(admin, { stream: `charger-command-${commandId}`, type: 'ChargerCommandRequested' })).body.dataList[0]!;
    const commandChain = (await query<ChainView>(app, `/api/queries/admin/events/${requested.position}/chain`, admin)).body;
    expect(commandChain.events.map((e) => e.type)).toEqual(['ChargerCommandRequested', 'ChargerCommandSent', 'ChargerCommandAnswered']);
    expect(commandChain.origins[0]!.actor.type).toBe('staff');
  });

  it('answers one event by position and 404 for a position past the head', async () => {
    const [newest] = (await search(admin, { pageSize: 1 })).body.dataList;
    const one = await query<EventView>(app, `/api/queries/admin/events/${newest!.position}`, admin);
    expect(one.body).toEqual(newest);
    const missing = await query<{ code: string }>(app, `/api/queries/admin/events/${newest!.position + 1_000_000}`, admin);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('events.event_not_found');
  });
});
