import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asCustomer, calls, commandOk, apiError, makeCar, makePublicStation } from '../../../testing/charging-fixtures';
import { BOOKING_ID, makeBooking } from '../../../testing/booking-fixtures';
import { advance, setupLiveTests } from '../../../testing/network-fixtures';
import { renderApp, type RecordedRequest } from '../../../testing/render-app';

const CREATE = '/api/commands/bookings.create';
const CANCEL = '/api/commands/bookings.cancel';

setupLiveTests();

/** A customer with a car, the Zamalek station, and the bookings API as `answers` says. */
function customer(
  answers: { create?: () => { status?: number; body: unknown }; open?: unknown[]; cancel?: () => { status?: number; body: unknown } } = {},
): RecordedRequest[] {
  return asCustomer((req) => {
    if (req.url.startsWith('/api/queries/me/cars')) return { body: { dataList: [makeCar()], totalCount: 1 } };
    if (req.url.startsWith('/api/queries/stations/cai-zamalek')) return { body: makePublicStation() };
    if (req.url.startsWith('/api/queries/stations?') || req.url === '/api/queries/stations')
      return { body: { dataList: [makePublicStation()], totalCount: 1 } };
    if (req.url.startsWith('/api/queries/me/bookings?status=open'))
      return { body: { dataList: answers.open ?? [], totalCount: (answers.open ?? []).length } };
    if (req.url.startsWith('/api/queries/me/bookings?'))
      return { body: { dataList: [makeBooking({ status: 'expired', fee: 3000, minutes: 60, endReason: 'no_show' })], totalCount: 1 } };
    if (req.url.startsWith(`/api/queries/me/bookings/${BOOKING_ID}`)) return { body: makeBooking() };
    if (req.url === CREATE) return answers.create?.() ?? commandOk;
    if (req.url === CANCEL) return answers.cancel?.() ?? { body: { ...commandOk.body, minutes: 3, fee: 150 } };
    return undefined;
  });
}

const form = async (url = '/my-bookings/new?station=cai-zamalek') => {
  await renderApp(url);
  await screen.findByRole('heading', { name: 'New booking' });
};

describe('a new booking', () => {
  it('asks for a car, a connector type and a time, shows the fee and the expected cost, reads Eastern Arabic digits', async () => {
    const requests = customer();
    await form();
    await screen.findByTestId('booking-station');
    expect(screen.getByTestId('booking-fee').textContent).toMatch(/Booking fee: EGP\s?0\.10 per minute/);
    expect(screen.getByTestId('booking-fee').textContent).toMatch(/Expected cost: up to EGP\s?6\.00 for 60 minutes/);
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '90' } });
    expect(screen.getByTestId('booking-fee').textContent).toMatch(/up to EGP\s?9\.00 for 90 minutes/);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(screen.getAllByText('choose a car').length).toBeGreaterThan(1));
    expect(screen.getByText('Choose a connector type')).toBeTruthy();
    expect(screen.getByText('Enter the start time (HH:MM)')).toBeTruthy();
    expect(calls(requests, CREATE)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Car'), { target: { value: 'car-1' } });
    fireEvent.click(screen.getByLabelText(/^Type2 \(2 connectors\)/));
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '25:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('Enter the time as HH:MM, e.g. 18:30')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '١٨:٣٠' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(calls(requests, CREATE)).toHaveLength(1));
    expect(calls(requests, CREATE)[0]!.body).toMatchObject({
      carId: 'car-1',
      stationId: 'cai-zamalek',
      connectorType: 'Type2',
      date: '2026-03-01',
      time: '18:30',
      durationMinutes: 90,
    });
  });

  it('puts what the server refused beside the field; a short balance offers Pay now (the wallet top-up)', async () => {
    let answer = apiError(422, 'booking.slot_taken');
    const requests = customer({
      create: () => ({ ...answer, body: { ...answer.body, fieldErrors: [{ path: 'time', code: 'slot_taken' }] } }),
    });
    await form();
    await screen.findByTestId('booking-station');
    fireEvent.change(screen.getByLabelText('Car'), { target: { value: 'car-1' } });
    fireEvent.click(screen.getByLabelText(/^Type2/));
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '13:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('Already booked at that time')).toBeTruthy();
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('Already booked: every connector of this type'))).toBe(true);

    answer = apiError(422, 'booking.insufficient_balance');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByText('You have insufficient balance, please recharge to use the chargers');
    const first = calls(requests, CREATE)[0]!.body as { bookingId: string };
    const second = calls(requests, CREATE)[1]!.body as { bookingId: string };
    expect(second.bookingId).not.toBe(first.bookingId);
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});

describe('the current booking', () => {
  it('counts down live to the start, then cancels with the fee the server answers', async () => {
    const requests = customer({ open: [makeBooking()] });
    await renderApp('/my-bookings');
    const card = await screen.findByTestId('booking-card');
    expect(within(card).getByText('Zamalek')).toBeTruthy();
    // the clock may have ticked a second or more on a loaded machine (fake timers that also advance with real time)
    expect(within(card).getByTestId('booking-countdown').textContent).toMatch(/^0:(30:00|29:5\d)$/);
    await advance(61_000);
    expect(within(card).getByTestId('booking-countdown').textContent).toMatch(/^0:28:[45]\d$/);
    expect(within(card).getByRole('link', { name: 'Directions' }).getAttribute('href')).toContain('destination=30.06,31.22');
    expect(within(card).getByTestId('booking-cost').textContent).toMatch(/up to EGP\s?30\.00/);

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toMatch(/So far 2 minutes since you booked: about EGP\s?1\.00/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(calls(requests, CANCEL)).toHaveLength(1));
    expect(calls(requests, CANCEL)[0]!.body).toEqual({ bookingId: BOOKING_ID });
    expect(await screen.findByText(/Booking cancelled successfully\. EGP\s?1\.50 was charged\./)).toBeTruthy();
  });

  it("a running booking's Start charging names its charger and connector", async () => {
    customer({ open: [makeBooking({ status: 'active', reservationStatus: 'accepted', held: true })] });
    await renderApp('/my-bookings');
    const card = await screen.findByTestId('booking-card');
    expect(within(card).getByRole('link', { name: 'Start charging' }).getAttribute('href')).toBe(
      '/start-charging?station=cai-zamalek&charger=EVC-001&connector=1',
    );
  });

  it("an ended booking no longer shows the charger's live answer", async () => {
    const fulfilled = makeBooking({
      status: 'fulfilled',
      reservationStatus: 'accepted',
      held: true,
      endReason: 'session_started',
      endedAt: '2026-03-01T10:35:00.000Z',
      minutes: 35,
      fee: 1750,
    });
    asCustomer((req) => (req.url.startsWith(`/api/queries/me/bookings/${BOOKING_ID}`) ? { body: fulfilled } : undefined));
    await renderApp(`/my-bookings/${BOOKING_ID}`);
    const card = await screen.findByTestId('booking-card');
    expect(card.textContent).toContain('You started charging');
    expect(within(card).queryByTestId('booking-reservation')).toBeNull();
    expect(card.textContent).not.toContain('Holding the connector for you');
  });

  it("a booking staff cancelled gives staff's reason", async () => {
    const cancelled = makeBooking({
      status: 'cancelled',
      endReason: 'staff',
      cancelReason: 'Charger under maintenance',
      endedAt: '2026-03-01T10:10:00.000Z',
      minutes: 10,
      fee: 0,
    });
    asCustomer((req) => (req.url.startsWith(`/api/queries/me/bookings/${BOOKING_ID}`) ? { body: cancelled } : undefined));
    await renderApp(`/my-bookings/${BOOKING_ID}`);
    const card = await screen.findByTestId('booking-card');
    expect(card.textContent).toMatch(/Our staff cancelled it, saying “Charger under maintenance”: EGP\s?0\.00 charged\./);
  });

  it('lists past bookings with their cost and status', async () => {
    customer();
    await renderApp('/my-bookings');
    expect(await screen.findByText('You have no current booking.')).toBeTruthy();
    const row = (await screen.findAllByTestId('booking-row'))[0]!;
    expect(row.textContent).toContain('Expired');
    expect(row.textContent).toMatch(/EGP\s?30\.00/);
  });

  it('speaks Arabic right to left', async () => {
    customer({
      open: [makeBooking({ status: 'active', startsAt: '2026-03-01T09:50:00.000Z', reservationStatus: 'accepted', held: true })],
    });
    await renderApp('/my-bookings?lang=ar');
    const card = await screen.findByTestId('booking-card');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(card).getByText('الزمالك')).toBeTruthy();
    expect(within(card).getByTestId('booking-reservation').textContent).toBe('الشاحن يحجز الموصل لك');
    // Eastern Arabic digits; the clock may have ticked a second on a loaded machine
    expect(within(card).getByTestId('booking-countdown').textContent).toMatch(/^١:(٣٠:٠٠|٢٩:[٠-٥][٠-٩])$/);
  });
});
