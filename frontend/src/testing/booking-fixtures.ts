import type { BookingAdminView, BookingView } from '@evc/contracts/bookings';

export const BOOKING_ID = '22222222-3333-4444-8555-666666666666';

/** A booking of Omar's at Zamalek, 60 minutes from 12:30 Cairo time on 1 March 2026, confirmed at 12:00. */
export const makeBooking = (over: Partial<BookingView> = {}): BookingView => ({
  bookingId: BOOKING_ID,
  status: 'confirmed',
  carId: 'car-1',
  carLabel: 'Nissan Leaf',
  carLabelAr: 'نيسان ليف',
  stationId: 'cai-zamalek',
  stationNameEn: 'Zamalek',
  stationNameAr: 'الزمالك',
  location: { lat: 30.06, lng: 31.22 },
  chargerId: 'EVC-001',
  connectorId: 1,
  connectorCode: 'C1',
  connectorType: 'Type2',
  current: 'AC',
  startsAt: '2026-03-01T10:30:00.000Z',
  endsAt: '2026-03-01T11:30:00.000Z',
  durationMinutes: 60,
  noShowAt: '2026-03-01T10:45:00.000Z',
  feePerMinute: 50,
  maxFee: 3000,
  confirmedAt: '2026-03-01T10:00:00.000Z',
  reservationId: 4711,
  reservationStatus: null,
  reservationDetail: null,
  reservationAttempts: 0,
  held: false,
  endedAt: null,
  endReason: null,
  cancelReason: null,
  minutes: 0,
  fee: 0,
  charged: false,
  sessionId: null,
  revision: 0,
  ...over,
});

export const makeAdminBooking = (over: Partial<BookingAdminView> = {}): BookingAdminView => ({
  ...makeBooking(),
  customerName: 'Omar Fathy',
  customerId: 'c1',
  ...over,
});
