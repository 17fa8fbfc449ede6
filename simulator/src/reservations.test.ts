import { afterEach, describe, expect, it } from 'vitest';
import { ChargingPoint, DEFAULT_CHARGING } from './charging';
import { profileOf } from './power-curve';

/** A simulated charger's connectors with a recording outbox (no network). */
function point(v201: boolean) {
  const sent: { action: string; payload: Record<string, unknown> }[] = [];
  const p = new ChargingPoint(
    v201,
    [1, 2],
    profileOf('SIM-AC1'),
    { ...DEFAULT_CHARGING, plugInDelayMs: 5 },
    async (action, build) => (
      sent.push({ action, payload: build() }),
      action === 'StartTransaction' ? { transactionId: 1, idTagInfo: { status: 'Accepted' } } : {}
    ),
    () => undefined,
  );
  return {
    p,
    sent,
    statuses: () => sent.filter((s) => s.action === 'StatusNotification').map((s) => s.payload.status ?? s.payload.connectorStatus),
  };
}
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

describe('the simulator honours reservations', () => {
  let open: ChargingPoint[] = [];
  afterEach(() => {
    for (const p of open) p.close();
    open = [];
  });

  it('reports Reserved, refuses other tokens at the connector, takes its own, and a repeat of the same reservation', async () => {
    const { p, statuses } = point(false);
    open.push(p);
    expect(p.reserve(1, 'ABOOKINGTAG', 42, inAMinute())).toBe('Accepted');
    expect(statuses()).toEqual(['Reserved']);
    expect(p.reserve(1, 'ABOOKINGTAG', 42, inAMinute())).toBe('Accepted'); // a replayed ReserveNow
    expect(p.reserve(1, 'SOMEONE-ELSE', 43, inAMinute())).toBe('Occupied');
    expect(p.startLocal(1, 'DEMO-CARD-0001')).toBe(false);
    expect(p.remoteStart(1, 'DEMO-CARD-0001', null)).toBe('Rejected');
    expect(p.startLocal(1, 'ABOOKINGTAG')).toBe(true);
    expect(p.reservationOf(1)).toBeNull();
  });

  it('answers Faulted for a broken connector; a fault drops the reservation; cancel and expiry free it', async () => {
    const { p, sent, statuses } = point(true);
    open.push(p);
    p.setFault(2, true);
    expect(p.reserve(2, 'ABOOKINGTAG', 7, inAMinute())).toBe('Faulted');
    expect(p.reserve(1, 'ABOOKINGTAG', 7, inAMinute())).toBe('Accepted');
    p.setFault(1, true);
    expect(p.reservationOf(1)).toBeNull();
    p.setFault(1, false);
    expect(p.cancelReservation(7)).toBe('Rejected');
    expect(p.reserve(1, 'ABOOKINGTAG', 8, new Date(Date.now() + 30).toISOString())).toBe('Accepted');
    await expect.poll(() => statuses().at(-1)).toBe('Available');
    expect(sent.find((s) => s.action === 'ReservationStatusUpdate')?.payload).toEqual({
      reservationId: 8,
      reservationUpdateStatus: 'Expired',
    });
    expect(statuses()).toEqual(['Faulted', 'Reserved', 'Faulted', 'Available', 'Reserved', 'Available']);
  });
});
