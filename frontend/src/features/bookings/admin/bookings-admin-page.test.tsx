import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BookingAdminView } from '@evc/contracts/bookings';
import { makeAdminBooking } from '../../../testing/booking-fixtures';
import { makeSession, renderApp, storeSession, stubApi, VIEWER_PRIVILEGES, type RecordedRequest } from '../../../testing/render-app';
import { makeStation, setupLiveTests } from '../../../testing/network-fixtures';

const LIST = '/api/queries/admin/bookings';
const CANCEL = '/api/commands/bookings.staff-cancel';
const MOVE = '/api/commands/bookings.reschedule';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

setupLiveTests();

const ROWS = [
  makeAdminBooking({ bookingId: id(1) }),
  makeAdminBooking({
    bookingId: id(2),
    status: 'expired',
    fee: 3000,
    customerId: null,
    customerName: 'Mona Adel',
    endReason: 'no_show',
    endedAt: '2026-03-01T09:00:00.000Z',
  }),
];
const lastQuery = (requests: RecordedRequest[]) =>
  new URL(requests.filter((r) => r.url.startsWith(LIST + '?')).at(-1)!.url, 'http://x').searchParams;

function api(rows: BookingAdminView[] = ROWS) {
  return stubApi((req) => {
    if (req.url.startsWith('/api/queries/admin/stations')) return { body: { dataList: [makeStation([])], totalCount: 1 } };
    if (req.url.startsWith(LIST + '?')) return { body: { dataList: rows, totalCount: rows.length } };
    if (req.url.startsWith(LIST + '/')) return { body: rows.find((r) => req.url.includes(r.bookingId)) };
    if (req.url === CANCEL) return { body: { streamId: 'b', revision: 2, position: 90, minutes: 0, fee: 0 } };
    if (req.url === MOVE) return { body: { streamId: 'b', revision: 1, position: 91 } };
    return undefined;
  });
}

async function open(privileges?: typeof VIEWER_PRIVILEGES, lang = '') {
  storeSession(makeSession('staff', privileges ? { privileges, roles: ['Viewer'] } : {}));
  await renderApp(`/admin/bookings${lang}`);
  return screen.findByRole('table', { name: lang ? 'الحجوزات' : 'Bookings' });
}

describe('/admin/bookings', () => {
  it('lists bookings with status, fee and the customer link where allowed; filters go to the query string', async () => {
    const requests = api();
    const table = await open();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.querySelector('[data-status]')!.textContent).toBe('Confirmed');
    expect(within(rows[0]!).getByRole('link', { name: 'Omar Fathy' }).getAttribute('href')).toContain('selected=c1');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(rows[1]!.textContent).toMatch(/EGP\s?30\.00/);
    fireEvent.change(screen.getByLabelText('Booking status'), { target: { value: 'expired' } });
    await waitFor(() => expect(lastQuery(requests).get('status')).toBe('expired'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(lastQuery(requests).get('from')).toBe('2026-03-01'));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('cancels the selected booking with a reason and the fee chosen (none → 0)', async () => {
    const requests = api();
    const table = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('Please select a row first.')).toBeTruthy();
    fireEvent.click(within(table).getAllByRole('row')[1]!);
    await screen.findByTestId('booking-detail');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the booking' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Charger maintenance' } });
    fireEvent.click(within(dialog).getByLabelText(/The whole duration/));
    fireEvent.click(within(dialog).getByLabelText('No fee'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() => expect(requests.filter((r) => r.url === CANCEL)).toHaveLength(1));
    expect(requests.find((r) => r.url === CANCEL)!.body).toEqual({ bookingId: id(1), reason: 'Charger maintenance', feeEgp: 0 });
  });

  it('moves a booking before its slot with the revision it shows', async () => {
    const requests = api();
    const table = await open();
    fireEvent.click(within(table).getAllByRole('row')[1]!);
    await screen.findByTestId('booking-detail');
    fireEvent.click(screen.getByRole('button', { name: 'Change time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change time' });
    expect((within(dialog).getByLabelText('Start time') as HTMLInputElement).value).toBe('12:30');
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '١٤:٠٠' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'customer called' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.url === MOVE)).toHaveLength(1));
    expect(requests.find((r) => r.url === MOVE)!.body).toMatchObject({
      bookingId: id(1),
      date: '2026-03-01',
      time: '14:00',
      durationMinutes: 60,
      expectedRevision: 0,
      reason: 'customer called',
    });
  });

  it('a viewer reads the list but gets no edit buttons; Arabic pages speak Arabic', async () => {
    api();
    await open(VIEWER_PRIVILEGES, '?lang=ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.queryByRole('button', { name: 'إلغاء الحجز' })).toBeNull();
    expect(screen.getAllByText('مؤكد').length).toBeGreaterThan(0);
  });
});
