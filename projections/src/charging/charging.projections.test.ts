import { describe, expect, it } from 'vitest';
import type { Actor, SessionEvent } from '@evc/contracts';
import { harness, type Given } from '../testing/projection-harness';
import { evolveSession, readingColumns, readingRows, type ReadingColumns, type SessionDoc } from './sessions.projection';
import { cairoDateKey, cairoDayStart } from '../shared/cairo-date';
import { READ_MODELS } from '../shared/read-models';

const CUSTOMER = 'cust-1';
const STAFF: Actor = { type: 'staff', id: 'staff-1' };
const prices = { pricePerKwh: 500, minimumCharge: 1000, current: 'AC' };

async function givenWorld(h: ReturnType<typeof harness>) {
  await h.given(
    {
      stream: 'account-cust-1',
      type: 'CustomerSignedUp',
      data: { accountId: CUSTOMER, firstName: 'Mona', lastName: 'Hassan', email: 'm@example.com', phone: '01012345678' },
    },
    {
      stream: 'account-staff-1',
      type: 'AdminCreated',
      data: { accountId: 'staff-1', firstName: 'Karim', lastName: 'Adel', email: 'k@example.com', roleIds: [] },
    },
    {
      stream: 'md-b',
      type: 'MasterDataItemCreated',
      data: { itemId: 'b1', kind: 'carBrand', name: 'Nissan', nameTranslation: 'نيسان', value: '' },
    },
    {
      stream: 'md-t',
      type: 'MasterDataItemCreated',
      data: { itemId: 't1', kind: 'carType', name: 'Leaf', nameTranslation: 'ليف', value: '', parentId: 'b1' },
    },
    {
      stream: 'md-r',
      type: 'MasterDataItemCreated',
      data: { itemId: 'r1', kind: 'batteryRange', name: '40 kWh', nameTranslation: '٤٠ كيلوواط ساعة', value: '' },
    },
    {
      stream: 'station-st1',
      type: 'StationRegistered',
      data: {
        stationId: 'st1',
        nameEn: 'Zamalek',
        nameAr: 'الزمالك',
        governorateId: 'eg-c',
        location: { lat: 30, lng: 31 },
        addressEn: 'a',
        addressAr: 'b',
      },
    },
    {
      stream: 'car-car1',
      type: 'CarRegistered',
      data: {
        carId: 'car1',
        customerId: CUSTOMER,
        brandId: 'b1',
        typeId: 't1',
        batteryRangeId: 'r1',
        licence: { customsCertificateFileId: 'f' },
        at: '2026-03-01T08:00:00.000Z',
      },
      actor: { type: 'customer', id: CUSTOMER },
    },
  );
}

const session = (sessionId: string, events: [string, Record<string, unknown>, Actor?][]): Given[] =>
  events.map(([type, data, actor]) => ({
    stream: `session-${sessionId}`,
    type,
    data: { sessionId, ...data },
    ...(actor ? { actor } : {}),
  }));

const requested = (at: string) => ({
  customerId: CUSTOMER,
  origin: 'app',
  idTag: 'APP-1',
  chargerId: 'CP-1',
  stationId: 'st1',
  connectorId: 1,
  connectorType: 'Type2',
  carId: 'car1',
  target: { kind: 'none' },
  prices,
  balanceAtStart: 50_000,
  at,
});

describe('sessions projection', () => {
  it('follows a session from request to bill: status, readings sorted, running then final energy and cost, timeline', async () => {
    const h = harness();
    await givenWorld(h);
    const customer: Actor = { type: 'customer', id: CUSTOMER };
    const events = await h.given(
      ...session('s1', [
        ['SessionRequested', requested('2026-03-02T10:00:00.000Z'), customer],
        ['SessionStartAccepted', { commandId: 'cmd', at: '2026-03-02T10:00:01.000Z' }],
        [
          'SessionCharging',
          { transactionId: '7', meterStartWh: 1000, startedAt: '2026-03-02T10:00:05.000Z', at: '2026-03-02T10:00:05.000Z' },
          { type: 'charger', id: 'CP-1' },
        ],
        [
          'MeterReadingRecorded',
          {
            transactionId: '7',
            timestamp: '2026-03-02T10:02:00.000Z',
            energyWh: 4000,
            powerW: 7000,
            socPercent: 40,
            at: '2026-03-02T10:02:00.000Z',
          },
        ],
        // out of order: an older reading arrives late and must not lower the energy
        [
          'MeterReadingRecorded',
          {
            transactionId: '7',
            timestamp: '2026-03-02T10:01:00.000Z',
            energyWh: 2500,
            powerW: 6000,
            socPercent: 30,
            at: '2026-03-02T10:02:01.000Z',
          },
        ],
      ]),
    );
    let doc = await h.get(READ_MODELS.sessions, 's1');
    expect(doc).toMatchObject({
      status: 'charging',
      energyWh: 3000,
      cost: 1500,
      powerW: 7000,
      socPercent: 40,
      lastReadingAt: '2026-03-02T10:02:00.000Z',
      stationNameEn: 'Zamalek',
      carLabel: 'Nissan Leaf',
      customerName: 'Mona Hassan',
      meterStartWh: 1000,
      transactionId: '7',
    });
    expect(readingRows(doc!.readings as ReadingColumns).map((r) => r.timestamp)).toEqual([
      '2026-03-02T10:01:00.000Z',
      '2026-03-02T10:02:00.000Z',
    ]);

    await h.given(
      ...session('s1', [
        ['SessionStopRequested', { reason: 'staff', commandId: 'c2', at: '2026-03-02T10:30:00.000Z' }, STAFF],
        [
          'SessionStopped',
          {
            transactionId: '7',
            meterStopWh: 11_000,
            stoppedAt: '2026-03-02T10:30:05.000Z',
            energyWh: 10_000,
            cost: 5000,
            reason: 'staff',
            chargerReason: 'Remote',
            at: '2026-03-02T10:30:05.000Z',
          },
        ],
        ['SessionBilled', { customerId: CUSTOMER, amount: 5000, transactionId: 'session:s1', at: '2026-03-02T10:30:06.000Z' }],
      ]),
    );
    doc = await h.get(READ_MODELS.sessions, 's1');
    expect(doc).toMatchObject({
      status: 'stopped',
      stopReason: 'staff',
      energyWh: 10_000,
      cost: 5000,
      billed: true,
      meterStopWh: 11_000,
      stoppedAt: '2026-03-02T10:30:05.000Z',
    });
    const timeline = doc!.timeline as { type: string; actor: { type: string; name: string | null }; reason: string | null }[];
    expect(timeline.map((t) => t.type)).toEqual([
      'SessionRequested',
      'SessionStartAccepted',
      'SessionCharging',
      'SessionStopRequested',
      'SessionStopped',
      'SessionBilled',
    ]);
    expect(timeline[0]!.actor).toEqual({ type: 'customer', id: CUSTOMER, name: 'Mona Hassan' });
    expect(timeline[3]).toMatchObject({ actor: { type: 'staff', name: 'Karim Adel' }, reason: 'staff' });

    // a restart from an older checkpoint applies the same events again: nothing changes
    const before = await h.find(READ_MODELS.sessions);
    await h.replay(events);
    expect(await h.find(READ_MODELS.sessions)).toEqual(before);
    expect(await h.get(READ_MODELS.customers, CUSTOMER)).toMatchObject({ lastChargeAt: '2026-03-02T10:00:05.000Z' });
    // every session change is private to its customer
    expect(h.changes.filter((c) => c.collection === READ_MODELS.sessions).every((c) => c.customerIds?.includes(CUSTOMER))).toBe(true);
  });

  it("writes a running session's readings as the fold of its events does, whether appended or merged (random orders)", async () => {
    // The next reading in time is appended; late, repeated, early (before the meter start) and after-stop readings
    // take the full path. Whatever the order, the document must be the fold of evolveSession over the events.
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const h = harness();
    await givenWorld(h);
    const figures = (d: Record<string, unknown>) => ({
      status: d.status,
      readings: d.readings,
      energyWh: d.energyWh,
      powerW: d.powerW,
      socPercent: d.socPercent,
      lastReadingAt: d.lastReadingAt,
      cost: d.cost,
    });
    let appendedInOrder = 0;
    for (let round = 0; round < 40; round++) {
      const id = `r${round}`;
      await h.given(...session(id, [['SessionRequested', requested('2026-03-02T10:00:00.000Z')]]));
      let expected = (await h.get(READ_MODELS.sessions, id)) as unknown as SessionDoc;
      const later: [string, Record<string, unknown>][] = [];
      const chargingAt = Math.floor(random() * 4); // readings may come before the meter start is known
      const stopAt = 4 + Math.floor(random() * 8);
      let last = 0;
      for (let i = 0; i < 12; i++) {
        if (i === chargingAt)
          later.push([
            'SessionCharging',
            { transactionId: '7', meterStartWh: 500, startedAt: '2026-03-02T10:00:05.000Z', at: '2026-03-02T10:00:05.000Z' },
          ]);
        if (i === stopAt)
          later.push([
            'SessionStopped',
            {
              transactionId: '7',
              meterStopWh: 9000,
              stoppedAt: '2026-03-02T10:30:00.000Z',
              energyWh: 8500,
              cost: 4250,
              reason: 'local',
              chargerReason: 'Local',
              at: '2026-03-02T10:30:00.000Z',
            },
          ]);
        const r = random();
        const minute = r < 0.6 ? ++last : r < 0.8 ? Math.max(1, last - Math.floor(random() * 3)) : last + 1 + Math.floor(random() * 2);
        last = Math.max(last, minute);
        const timestamp = `2026-03-02T10:${String(minute).padStart(2, '0')}:00.000Z`;
        // Power and state of charge are optional in OCPP, and a state of charge may have a fraction.
        const powerW = random() < 0.2 ? null : 7000 + i;
        const socPercent = random() < 0.3 ? null : i + (random() < 0.5 ? 0.5 : 0);
        later.push([
          'MeterReadingRecorded',
          { transactionId: '7', timestamp, energyWh: 600 + minute * 100 + Math.floor(random() * 3), powerW, socPercent, at: timestamp },
        ]);
      }
      for (const [type, data] of later) {
        const before = (await h.get(READ_MODELS.sessions, id)) as unknown as SessionDoc;
        const [event] = await h.given(...session(id, [[type, data]]));
        expected = { ...expected, ...evolveSession(expected, { type, data: event!.data } as SessionEvent) };
        const stored = (await h.get(READ_MODELS.sessions, id))!;
        expect(figures(stored)).toEqual(figures(expected as unknown as Record<string, unknown>));
        if (type === 'MeterReadingRecorded' && before.status !== 'stopped' && (before.lastReadingAt ?? '') < String(data.timestamp))
          appendedInOrder++;
      }
    }
    expect(appendedInOrder).toBeGreaterThan(200); // most readings took the appending path
  });

  it("stores readings as columns and shows them as the rows they were, whatever the timestamp's spelling", () => {
    const rows = [
      { timestamp: '2026-03-02T10:01:00.000Z', energyWh: 1500, powerW: 7000, socPercent: 40.5 },
      { timestamp: '2026-03-02T10:02:00Z', energyWh: 1600, powerW: null, socPercent: null },
      { timestamp: '2026-03-02T12:03:00.000+02:00', energyWh: 1700, powerW: 0, socPercent: 41 },
    ];
    const columns = readingColumns(rows);
    // The canonical spelling is kept as a number (no string object per reading), any other as it was written.
    expect(columns.at).toEqual([Date.parse('2026-03-02T10:01:00.000Z'), '2026-03-02T10:02:00Z', '2026-03-02T12:03:00.000+02:00']);
    expect(columns).toMatchObject({ wh: [1500, 1600, 1700], w: [7000, null, 0], soc: [40.5, null, 41] });
    expect(readingRows(columns)).toEqual(rows);
    expect(readingRows(readingColumns([]))).toEqual([]);
  });

  it('records a failed start and follows station renames', async () => {
    const h = harness();
    await givenWorld(h);
    await h.given(
      ...session('s2', [
        ['SessionRequested', requested('2026-03-02T11:00:00.000Z')],
        ['SessionStartFailed', { reason: 'offline', detail: null, at: '2026-03-02T11:00:03.000Z' }],
      ]),
    );
    expect(await h.get(READ_MODELS.sessions, 's2')).toMatchObject({ status: 'failed', failure: 'offline', cost: 0 });
    await h.given({
      stream: 'station-st1',
      type: 'StationUpdated',
      data: {
        stationId: 'st1',
        nameEn: 'Zamalek North',
        nameAr: 'شمال الزمالك',
        governorateId: 'eg-c',
        location: { lat: 30, lng: 31 },
        addressEn: 'a',
        addressAr: 'b',
      },
    });
    expect(await h.get(READ_MODELS.sessions, 's2')).toMatchObject({ stationNameEn: 'Zamalek North', stationNameAr: 'شمال الزمالك' });
  });
});

describe('wallet, payments, notifications and cars projections', () => {
  it('keeps transactions with creator and Cairo day, the balance and count, payments, and derived notifications', async () => {
    const h = harness();
    await givenWorld(h);
    const tx = (
      type: string,
      transactionId: string,
      amount: number,
      balanceAfter: number,
      kind: string,
      at: string,
      reference: { type: string; id: string },
      actor?: Actor,
      reason = kind,
    ): Given => ({
      stream: `wallet-${CUSTOMER}`,
      type,
      data: { transactionId, customerId: CUSTOMER, amount, balanceAfter, kind, reference, reason, at },
      ...(actor ? { actor } : {}),
    });
    await h.given(
      {
        stream: 'payment-p1',
        type: 'PaymentInitiated',
        data: {
          paymentId: 'p1',
          customerId: CUSTOMER,
          amount: 20_000,
          provider: 'sandbox',
          providerRef: 'r',
          checkoutUrl: 'https://pay/x',
          at: '2026-03-01T21:30:00.000Z',
        },
      },
      {
        stream: 'payment-p1',
        type: 'PaymentCompleted',
        data: { paymentId: 'p1', customerId: CUSTOMER, amount: 20_000, providerTransactionId: 't', at: '2026-03-01T21:31:00.000Z' },
      },
      // 23:31 UTC on 1 March is already 2 March in Cairo (UTC+2)
      tx('WalletCredited', 'payment:p1', 20_000, 20_000, 'top_up', '2026-03-01T22:31:00.000Z', { type: 'payment', id: 'p1' }),
      tx(
        'WalletDebited',
        'adjustment:a1',
        500,
        19_500,
        'adjustment',
        '2026-03-02T09:00:00.000Z',
        { type: 'adjustment', id: 'a1' },
        STAFF,
        'Duplicate top-up',
      ),
      {
        stream: 'payment-p2',
        type: 'PaymentInitiated',
        data: {
          paymentId: 'p2',
          customerId: CUSTOMER,
          amount: 3000,
          provider: 'sandbox',
          providerRef: 'r2',
          checkoutUrl: 'https://pay/y',
          at: '2026-03-02T12:00:00.000Z',
        },
      },
      {
        stream: 'payment-p2',
        type: 'PaymentFailed',
        data: { paymentId: 'p2', customerId: CUSTOMER, reason: 'declined', at: '2026-03-02T12:01:00.000Z' },
      },
    );
    const txs = await h.find(READ_MODELS.walletTransactions);
    expect(txs.map((t) => [t.transactionId, t.direction, t.dateKey])).toEqual([
      [`adjustment:a1`, 'out', '2026-03-02'],
      [`payment:p1`, 'in', '2026-03-02'],
    ]);
    expect(txs[0]!.creator).toEqual({ type: 'staff', id: 'staff-1', name: 'Karim Adel' });
    expect(await h.get(READ_MODELS.wallets, CUSTOMER)).toMatchObject({ balance: 19_500, count: 2 });
    expect(await h.get(READ_MODELS.customers, CUSTOMER)).toMatchObject({ walletBalance: 19_500 });
    expect(await h.get(READ_MODELS.payments, 'p1')).toMatchObject({
      status: 'completed',
      settledAt: '2026-03-01T21:31:00.000Z',
      customerId: CUSTOMER,
    });
    expect(await h.get(READ_MODELS.payments, 'p2')).toMatchObject({ status: 'failed', failureReason: 'declined' });

    const kinds = (
      await h.documents
        .collection(READ_MODELS.notifications)
        .find({ customerId: CUSTOMER }, { sort: { position: 1 } })
        .toArray()
    ).map((n) => [n.kind, n.params]);
    expect(kinds).toEqual([
      ['top_up_credited', { amount: 20_000, paymentId: 'p1', balanceAfter: 20_000 }],
      ['wallet_adjusted', { amount: 500, direction: 'out', reason: 'Duplicate top-up', balanceAfter: 19_500 }],
      ['payment_failed', { paymentId: 'p2', amount: 3000, reason: 'declined' }],
    ]);
    expect(await h.find(READ_MODELS.cars)).toMatchObject([
      {
        carId: 'car1',
        brandNameEn: 'Nissan',
        brandNameAr: 'نيسان',
        typeNameEn: 'Leaf',
        batteryRangeName: '40 kWh',
        batteryRangeNameAr: '٤٠ كيلوواط ساعة',
      },
    ]);
    expect(
      h.changes
        .filter((c) =>
          [READ_MODELS.walletTransactions, READ_MODELS.wallets, READ_MODELS.payments, READ_MODELS.notifications].includes(
            c.collection as never,
          ),
        )
        .every((c) => c.customerIds?.[0] === CUSTOMER),
    ).toBe(true);
  });

  it('derives session notifications (low balance stop) and marks them seen, never those derived later', async () => {
    const h = harness();
    await givenWorld(h);
    const [, , charging] = await h.given(
      ...session('s3', [
        ['SessionRequested', requested('2026-03-03T10:00:00.000Z')],
        ['SessionStartAccepted', { commandId: 'cmd', at: '2026-03-03T10:00:01.000Z' }],
        ['SessionCharging', { transactionId: '9', meterStartWh: 0, startedAt: '2026-03-03T10:00:05.000Z', at: '2026-03-03T10:00:05.000Z' }],
        ['SessionStopRequested', { reason: 'low_balance', commandId: null, at: '2026-03-03T11:00:00.000Z' }],
        [
          'SessionStopped',
          {
            transactionId: '9',
            meterStopWh: 20_000,
            stoppedAt: '2026-03-03T11:00:02.000Z',
            energyWh: 20_000,
            cost: 10_000,
            reason: 'low_balance',
            chargerReason: null,
            at: '2026-03-03T11:00:02.000Z',
          },
        ],
      ]),
    );
    const [seenAll] = await h.given({
      stream: `notifications-${CUSTOMER}`,
      type: 'NotificationsSeen',
      data: { customerId: CUSTOMER, notificationIds: 'all', at: '2026-03-03T11:00:03.000Z' },
    });
    const [billed] = await h.given(
      ...session('s3', [
        ['SessionBilled', { customerId: CUSTOMER, amount: 10_000, transactionId: 'session:s3', at: '2026-03-03T11:00:04.000Z' }],
      ]),
    );
    const notifications = await h.documents
      .collection(READ_MODELS.notifications)
      .find({}, { sort: { position: 1 } })
      .toArray();
    expect(notifications.map((n) => [n.notificationId, n.kind, n.isSeen])).toEqual([
      [charging!.eventId, 'session_started', true],
      [billed!.eventId, 'session_stopped_low_balance', false],
    ]);
    expect(notifications[1]!.params).toMatchObject({ cost: 10_000, energyWh: 20_000, stationNameEn: 'Zamalek', sessionId: 's3' });
    // replaying the earlier "seen: all" (a restart from an older checkpoint) leaves the later notification unseen
    await h.replay([seenAll!]);
    expect((await h.get(READ_MODELS.notifications, billed!.eventId))!.isSeen).toBe(false);
    // a replay of the source event keeps the seen flag
    await h.given({
      stream: `notifications-${CUSTOMER}`,
      type: 'NotificationsSeen',
      data: { customerId: CUSTOMER, notificationIds: [billed!.eventId], at: '2026-03-03T11:00:05.000Z' },
    });
    await h.replay([billed!, charging!]);
    expect((await h.find(READ_MODELS.notifications)).every((n) => n.isSeen)).toBe(true);
  });
});

describe('Cairo calendar days', () => {
  it('maps instants to the Egyptian day, with summer time', () => {
    expect(cairoDateKey('2026-01-10T21:59:59.000Z')).toBe('2026-01-10');
    expect(cairoDateKey('2026-01-10T22:00:00.000Z')).toBe('2026-01-11');
    expect(cairoDateKey('2026-07-10T21:00:00.000Z')).toBe('2026-07-11');
    expect(cairoDayStart('2026-01-11')).toBe('2026-01-10T22:00:00.000Z');
    expect(cairoDayStart('2026-07-11')).toBe('2026-07-10T21:00:00.000Z');
  });
});
