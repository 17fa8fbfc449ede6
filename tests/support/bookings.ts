import { randomUUID } from 'node:crypto';
import { cairoWallClock, chargingStreams, type BookingView } from '@evc/contracts';
import { envelope, newContext } from '@evc/command-service';
import { BOOKING_SCHEDULER } from '@evc/command-service/bookings/bookings.context';
import type { BookingScheduler } from '@evc/command-service/bookings/booking-scheduler';
import type { TestApp } from './app';
import { command, query } from './identity';

/** The Cairo date and HH:MM `offsetMinutes` from now, away from a minute's last seconds (the start is checked by the minute). */
export async function cairoSlot(offsetMinutes = 0): Promise<{ date: string; time: string }> {
  if (new Date().getSeconds() >= 57) await new Promise((resolve) => setTimeout(resolve, 4000));
  return cairoWallClock(Date.now() + offsetMinutes * 60_000);
}

/** Books over HTTP as the customer (a new booking id each call unless given). */
export async function book(
  app: TestApp,
  token: string,
  body: {
    carId: string;
    stationId: string;
    connectorType: string;
    durationMinutes?: number;
    offsetMinutes?: number;
    chargerId?: string;
    connectorId?: number;
    bookingId?: string;
  },
) {
  const { offsetMinutes = 0, durationMinutes = 30, bookingId = randomUUID(), ...rest } = body;
  const res = await command(app, 'bookings.create', { bookingId, durationMinutes, ...(await cairoSlot(offsetMinutes)), ...rest }, token);
  return { ...res, bookingId };
}

export const myBooking = async (app: TestApp, token: string, bookingId: string) =>
  (await query<BookingView>(app, `/api/queries/me/bookings/${bookingId}`, token)).body;

/** The process's booking scheduler: a test ticks it at a time of its choosing (the server's clock stays real). */
export const bookingScheduler = (app: TestApp): BookingScheduler => app.embedded.app.get(BOOKING_SCHEDULER);

/** Polls `read` until `ok` holds (for set-up, where expect.poll is not available). */
export async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A car of the customer's, recorded straight on its stream (the car form is tested with charging). */
export async function givenCar(app: TestApp, customerId: string): Promise<string> {
  const carId = randomUUID();
  const car = {
    carId,
    customerId,
    brandId: 'brand-mg',
    typeId: 'type-mg-mg4',
    batteryRangeId: 'battery-60-80',
    licence: { customsCertificateFileId: 'f'.repeat(64) },
    at: new Date().toISOString(),
  };
  await app.embedded.infra.eventStore.append(
    chargingStreams.car(carId),
    [envelope({ type: 'CarRegistered', data: car }, newContext({ type: 'customer', id: customerId }))],
    'no_stream',
  );
  return carId;
}
