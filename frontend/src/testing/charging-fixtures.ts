import type { CarView, NotificationView, ReceiptView, SessionDetailView } from '@evc/contracts/charging';
import type { WalletTxView, WalletView } from '@evc/contracts/wallet';
import type { StationView } from '@evc/contracts/network';
import { makeSession, stubApi, storeSession, type RecordedRequest } from './render-app';

export const SESSION_ID = '11111111-2222-4333-8444-555555555555';
export const PAYMENT_ID = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

export const makeTx = (over: Partial<WalletTxView> = {}): WalletTxView => ({
  transactionId: `session:${SESSION_ID}`,
  direction: 'out',
  amount: 1250,
  balanceAfter: 8750,
  kind: 'session',
  reason: 'session',
  reference: { type: 'session', id: SESSION_ID },
  creator: { type: 'system', id: 'system', name: null },
  createdDate: '2026-03-01T09:00:00Z',
  ...over,
});

export const makeWallet = (groups: WalletView['transactionsDates'], over: Partial<WalletView> = {}): WalletView => ({
  balance: 10_000,
  totalCount: groups.reduce((n, g) => n + g.transactions.length, 0),
  transactionsDates: groups,
  nextCursor: null,
  ...over,
});

export const makeSessionView = (over: Partial<SessionDetailView> = {}): SessionDetailView => ({
  sessionId: SESSION_ID,
  origin: 'app',
  status: 'charging',
  failure: null,
  stopReason: null,
  chargerId: 'EVC-001',
  stationId: 'cai-zamalek',
  stationNameEn: 'Zamalek',
  stationNameAr: 'الزمالك',
  connectorId: 1,
  connectorType: 'Type2',
  current: 'AC',
  carId: 'car-1',
  carLabel: 'Nissan Leaf',
  carLabelAr: 'نيسان ليف',
  target: { kind: 'none' },
  pricePerKwh: 250,
  minimumCharge: 1000,
  requestedAt: '2026-03-01T09:58:00Z',
  startedAt: '2026-03-01T09:59:00Z',
  stoppedAt: null,
  energyWh: 3200,
  powerW: 7400,
  socPercent: 56,
  cost: 800,
  billed: false,
  lastReadingAt: '2026-03-01T09:59:50Z',
  transactionId: '17',
  meterStartWh: 1000,
  meterStopWh: null,
  readings: [],
  timeline: [],
  ...over,
});

export const makeCar = (over: Partial<CarView> = {}): CarView => ({
  carId: 'car-1',
  brandId: 'b-nissan',
  brandNameEn: 'Nissan',
  brandNameAr: 'نيسان',
  typeId: 't-leaf',
  typeNameEn: 'Leaf',
  typeNameAr: 'ليف',
  batteryRangeId: 'r-40',
  batteryRangeName: '40 kWh',
  licence: { frontFileId: 'f'.repeat(64), backFileId: 'b'.repeat(64) },
  batteryRangeNameAr: '٤٠ كيلوواط ساعة',
  createdAt: '2026-01-01T00:00:00Z',
  revision: 0,
  ...over,
});

export const makePublicStation = (over: Partial<StationView> = {}): StationView => ({
  stationId: 'cai-zamalek',
  nameEn: 'Zamalek',
  nameAr: 'الزمالك',
  governorateId: 'eg-c',
  governorateNameEn: 'Cairo',
  governorateNameAr: 'القاهرة',
  location: { lat: 30.06, lng: 31.22 },
  addressEn: '26th of July St',
  addressAr: 'شارع 26 يوليو',
  numberOfChargers: 1,
  numberOutOfService: 0,
  totalConnectors: 3,
  availableConnectors: 1,
  connectorTypes: ['Type2', 'CCS2'],
  maxPowerKw: 60,
  chargers: [
    {
      chargerId: 'EVC-001',
      serialNumber: 'SN-1',
      model: 'AC Max 22',
      vendor: 'Delta',
      ocppVersion: '1.6',
      online: true,
      connectors: [
        { connectorId: 1, code: 'C1', type: 'Type2', current: 'AC', maxPowerKw: 22, status: 'available' },
        { connectorId: 2, code: 'C2', type: 'Type2', current: 'AC', maxPowerKw: 22, status: 'charging' },
        { connectorId: 3, code: 'C3', type: 'CCS2', current: 'DC', maxPowerKw: 60, status: 'faulted' },
      ],
    },
  ],
  ...over,
});

export const makeNotification = (over: Partial<NotificationView> = {}): NotificationView => ({
  notificationId: 'n-1',
  kind: 'session_started',
  params: { sessionId: SESSION_ID, stationNameEn: 'Zamalek', stationNameAr: 'الزمالك' },
  isSeen: false,
  incomingDate: '2026-03-01T09:30:00Z',
  dateKey: '2026-03-01',
  ...over,
});

type Answer = { status?: number; body: unknown } | undefined;

/** A signed-in customer with the API stubbed; `/api/live/me` answers 404 (polling) unless `respond` answers it. */
export function asCustomer(respond: (req: RecordedRequest) => Answer = () => undefined): RecordedRequest[] {
  storeSession(makeSession('customer'));
  return stubApi(
    (req) => respond(req) ?? (req.url === '/api/live/me' ? { status: 404, body: { code: 'not_found', message: 'no' } } : undefined),
  );
}

export const commandOk = { body: { streamId: 's', revision: 0, position: 10 } };
export const apiError = (status: number, code: string) => ({ status, body: { code, message: code } });

/** Calls recorded to `path` (no query string). */
export const calls = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.url.split('?')[0] === path);

export const RECEIPT_BOOKING_ID = '99999999-8888-4777-8666-555555555555';

/**
 * A session's receipt with its booking's fee: 12.345 kWh at EGP 2.50 (or the minimum, 500 Wh), a booking of `minutes`
 * at EGP 0.50 a minute.
 */
export const makeReceipt = ({ minimumApplied = false, minutes = 6 } = {}): ReceiptView => ({
  kind: 'session',
  receiptNumber: 'EVC-S-20260301-11111111',
  issuedAt: '2026-03-01T10:30:00Z',
  customerName: 'Amira Saad',
  stationId: 'cai-maadi',
  stationNameEn: 'Maadi Mall',
  stationNameAr: 'معادي مول',
  chargerId: 'EVC-004-AC1',
  connectorId: 1,
  connectorType: 'Type2',
  current: 'AC',
  session: {
    sessionId: SESSION_ID,
    startedAt: '2026-03-01T10:00:00Z',
    stoppedAt: '2026-03-01T10:25:00Z',
    energyWh: minimumApplied ? 500 : 12_345,
    pricePerKwh: 250,
    energyCost: minimumApplied ? 125 : 3086,
    minimumCharge: 1000,
    minimumApplied,
    cost: minimumApplied ? 1000 : 3086,
    stopReason: 'customer',
    carLabel: 'MG MG4',
    carLabelAr: 'إم جي إم جي ٤',
  },
  booking: {
    bookingId: RECEIPT_BOOKING_ID,
    startsAt: '2026-03-01T09:55:00Z',
    endsAt: '2026-03-01T10:25:00Z',
    confirmedAt: '2026-03-01T09:54:00Z',
    endedAt: '2026-03-01T10:00:00Z',
    endReason: 'session_started',
    minutes,
    feePerMinute: 50,
    fee: minutes * 50,
  },
  total: (minimumApplied ? 1000 : 3086) + minutes * 50,
  walletBalanceAfter: 46_614,
});
