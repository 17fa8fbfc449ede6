import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, resetBrowserState, type RecordedRequest } from '../../../testing/render-app';
import { makeCatalogItem } from '../../../testing/catalog-fixtures';
import {
  SESSION_ID,
  apiError,
  asCustomer,
  calls,
  commandOk,
  makeCar,
  makeNotification,
  makeSessionView,
} from '../../../testing/charging-fixtures';

const NOW = Date.parse('2026-03-01T10:00:00Z');
beforeEach(() => {
  resetBrowserState();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const FILE_ID = 'a'.repeat(64);
const image = (name: string, type = 'image/png', size = 1000) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('my sessions', () => {
  it('lists the sessions with status, station, kWh and cost, each linking to its page', async () => {
    asCustomer((req) =>
      req.url.startsWith('/api/queries/me/sessions?')
        ? {
            body: {
              dataList: [makeSessionView(), makeSessionView({ sessionId: 'other', status: 'stopped', energyWh: 10_000, cost: 2500 })],
              totalCount: 2,
            },
          }
        : undefined,
    );
    await renderApp('/my-sessions');
    const lines = await screen.findAllByTestId('session-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toContain('Charging');
    expect(lines[1]?.textContent).toMatch(/Stopped.*10 kWh.*EGP\s?25\.00/);
    expect(
      within(lines[0] as HTMLElement)
        .getByRole('link', { name: 'Zamalek' })
        .getAttribute('href'),
    ).toBe(`/my-sessions/${SESSION_ID}`);
  });

  it('asks for the next page after the last session shown (its cursor), so a session started meanwhile shifts nothing', async () => {
    const requests = asCustomer((req) => {
      if (!req.url.startsWith('/api/queries/me/sessions?')) return undefined;
      const cursor = new URL(req.url, 'http://x').searchParams.get('cursor');
      if (cursor === 'after-first-page')
        return { body: { dataList: [makeSessionView({ sessionId: 'older', status: 'stopped' })], totalCount: 21, nextCursor: null } };
      return { body: { dataList: [makeSessionView()], totalCount: 21, nextCursor: 'after-first-page' } };
    });
    await renderApp('/my-sessions');
    await screen.findAllByTestId('session-line');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('session-line')[0]?.textContent).toContain('Stopped'));
    const asked = calls(requests, '/api/queries/me/sessions').map((r) => new URL(r.url, 'http://x').searchParams);
    expect(asked.at(-1)?.get('cursor')).toBe('after-first-page');
    expect(asked.at(-1)?.get('page')).toBeNull();
  });
});

describe('register a car', () => {
  function customer(register = () => commandOk as { status?: number; body: unknown }): RecordedRequest[] {
    return asCustomer((req) => {
      const url = new URL(req.url, 'http://x');
      if (url.pathname === '/api/queries/car-options') {
        const kind = url.searchParams.get('kind');
        if (kind === 'carBrand')
          return {
            body: { dataList: [makeCatalogItem('b-1', 'Nissan', 'carBrand'), makeCatalogItem('b-2', 'BYD', 'carBrand')], totalCount: 2 },
          };
        if (kind === 'carType') return { body: { dataList: [makeCatalogItem('t-1', 'Leaf', 'carType', 'b-1')], totalCount: 1 } };
        return { body: { dataList: [makeCatalogItem('r-1', '40 kWh', 'batteryRange')], totalCount: 1 } };
      }
      if (url.pathname === '/api/files') return { body: { fileId: FILE_ID, contentType: 'image/png', size: 1000, purpose: 'licence' } };
      if (url.pathname === '/api/commands/cars.register') return register();
      if (url.pathname === '/api/queries/me/cars') return { body: { dataList: [makeCar()], totalCount: 1 } };
      return undefined;
    });
  }

  it('requires brand, type, range and the licence images; checks the images; registers and toasts', async () => {
    const requests = customer();
    await renderApp('/registerCarInfo');
    await screen.findByRole('option', { name: 'Nissan' });
    fireEvent.click(screen.getByRole('button', { name: 'Add car' }));
    expect(await screen.findByText('Choose the car brand')).toBeTruthy();
    expect(screen.getByText('Choose the car type')).toBeTruthy();
    expect(screen.getByText('Choose the battery range')).toBeTruthy();
    expect(screen.getByText('add car licence')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Car brand'), { target: { value: 'b-1' } });
    await screen.findByRole('option', { name: 'Leaf' });
    expect(calls(requests, '/api/queries/car-options').some((r) => r.url.includes('kind=carType') && r.url.includes('parentId=b-1'))).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('Car type'), { target: { value: 't-1' } });
    fireEvent.change(screen.getByLabelText('Battery range'), { target: { value: 'r-1' } });

    fireEvent.change(screen.getByLabelText('Licence front image'), { target: { files: [image('big.png', 'image/png', 6 * 1024 * 1024)] } });
    expect(await screen.findByText('upload exceeds 5 MB')).toBeTruthy();
    expect(calls(requests, '/api/files')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Licence front image'), { target: { files: [image('front.png')] } });
    await waitFor(() => expect(calls(requests, '/api/files')).toHaveLength(1));
    const sent = calls(requests, '/api/files')[0]?.body as FormData;
    expect(sent.get('purpose')).toBe('licence');
    fireEvent.click(screen.getByRole('button', { name: 'Add car' }));
    expect(await screen.findByText('add back image')).toBeTruthy();
    expect(calls(requests, '/api/commands/cars.register')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Licence back image'), { target: { files: [image('back.jpg', 'image/jpeg')] } });
    await waitFor(() => expect(calls(requests, '/api/files')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add car' }));
    await waitFor(() => expect(calls(requests, '/api/commands/cars.register')).toHaveLength(1));
    expect(calls(requests, '/api/commands/cars.register')[0]?.body).toMatchObject({
      brandId: 'b-1',
      typeId: 't-1',
      batteryRangeId: 'r-1',
      licence: { frontFileId: FILE_ID, backFileId: FILE_ID },
    });
    expect(await within(screen.getByTestId('toasts')).findByText('Car info added')).toBeTruthy();
    expect(screen.getAllByTestId('car-line')[0]?.textContent).toContain('Nissan Leaf');
  });

  it('a customs release certificate replaces the licence images', async () => {
    const requests = customer();
    await renderApp('/registerCarInfo');
    await screen.findByRole('option', { name: 'Nissan' });
    fireEvent.change(screen.getByLabelText('Car brand'), { target: { value: 'b-1' } });
    await screen.findByRole('option', { name: 'Leaf' });
    fireEvent.change(screen.getByLabelText('Car type'), { target: { value: 't-1' } });
    fireEvent.change(screen.getByLabelText('Battery range'), { target: { value: 'r-1' } });
    fireEvent.click(screen.getByLabelText('Customs release certificate instead'));
    fireEvent.click(screen.getByRole('button', { name: 'Add car' }));
    expect(await screen.findByText('add the customs release certificate')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Customs release certificate'), { target: { files: [image('c.gif', 'image/gif')] } });
    expect(await screen.findByText('Only JPG or PNG images can be uploaded')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Customs release certificate'), { target: { files: [image('c.png')] } });
    await waitFor(() => expect(calls(requests, '/api/files')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add car' }));
    await waitFor(() => expect(calls(requests, '/api/commands/cars.register')).toHaveLength(1));
    expect(calls(requests, '/api/commands/cars.register')[0]?.body).toMatchObject({ licence: { customsCertificateFileId: FILE_ID } });
  });

  it('says so when the car catalog cannot be read', async () => {
    asCustomer((req) => (req.url.startsWith('/api/queries/car-options') ? apiError(403, 'auth.forbidden') : undefined));
    await renderApp('/registerCarInfo');
    expect(await screen.findByText(/list of car brands could not be loaded/)).toBeTruthy();
  });
});

describe('notifications', () => {
  const list = [
    makeNotification({
      notificationId: 'n-3',
      kind: 'session_stopped',
      params: { sessionId: SESSION_ID, stationNameEn: 'Zamalek', stationNameAr: 'الزمالك', energyWh: 12_340, cost: 3085 },
      incomingDate: '2026-03-01T09:50:00Z',
    }),
    makeNotification({
      notificationId: 'n-2',
      kind: 'top_up_credited',
      params: { paymentId: 'p', amount: 20_000 },
      isSeen: true,
      incomingDate: '2026-03-01T08:00:00Z',
    }),
    makeNotification({
      notificationId: 'n-1',
      kind: 'session_stopped_low_balance',
      params: { stationNameEn: 'Maadi', energyWh: 5000, cost: 1250 },
      isSeen: true,
      incomingDate: '2026-02-28T20:00:00Z',
      dateKey: '2026-02-28',
    }),
  ];

  /** The customer's notifications as the server holds them: marking one seen changes what the next read answers. */
  function notificationsServer(extra: ReturnType<typeof makeNotification>[] = []) {
    const seen = new Set<string>();
    const all = () => [...extra, ...list].map((n) => (seen.has(n.notificationId) ? { ...n, isSeen: true } : n));
    const unseen = () => all().filter((n) => !n.isSeen).length;
    const requests = asCustomer((req) => {
      const url = new URL(req.url, 'http://x');
      if (url.pathname === '/api/queries/me/notifications') {
        if (url.searchParams.get('pageSize') === '1')
          return { body: { dataList: [], totalCount: 4, unseenCount: unseen(), nextCursor: 'after-first' } };
        if (url.searchParams.get('cursor') === 'after-first')
          return {
            body: {
              dataList: [
                makeNotification({
                  notificationId: 'n-0',
                  kind: 'payment_failed',
                  params: { amount: 5000 },
                  isSeen: true,
                  incomingDate: '2026-02-20T10:00:00Z',
                  dateKey: '2026-02-20',
                }),
              ],
              totalCount: 4,
              unseenCount: unseen(),
              nextCursor: null,
            },
          };
        return { body: { dataList: all(), totalCount: 4, unseenCount: unseen(), nextCursor: 'after-first' } };
      }
      if (url.pathname === '/api/commands/notifications.mark-seen') {
        const ids = (req.body as { notificationIds?: string[] }).notificationIds ?? all().map((n) => n.notificationId);
        for (const id of ids) seen.add(id);
        return commandOk;
      }
      return undefined;
    });
    return { requests, extra };
  }

  it('groups by day with Today, shows the texts, and loads more; opening the page marks nothing', async () => {
    const { requests } = notificationsServer();
    await renderApp('/Notifcation');
    const todayGroup = await screen.findByRole('region', { name: 'Today' });
    const items = within(todayGroup).getAllByTestId('notification');
    expect(items.map((i) => i.getAttribute('data-seen'))).toEqual(['false', 'true']);
    expect(items[0]?.textContent).toMatch(/Your charging session at Zamalek stopped: 12\.34 kWh, EGP\s?30\.85\./);
    expect(within(items[0] as HTMLElement).getByText('New')).toBeTruthy();
    expect(items[1]?.textContent).toMatch(/EGP\s?200\.00 was added to your wallet\./);
    const yesterday = screen.getByRole('region', { name: 'Saturday, 28 February 2026' });
    expect(yesterday.textContent).toMatch(/at Maadi stopped because your balance ran low: 5 kWh, EGP\s?12\.50/);
    // the header's count follows me.notifications' unseenCount
    expect(await screen.findByText('1 unread')).toBeTruthy();
    expect(calls(requests, '/api/commands/notifications.mark-seen')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(/Your payment of EGP\s?50\.00 did not go through\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('marking one seen lowers the count by one at once, in the page and in the header', async () => {
    const second = makeNotification({
      notificationId: 'n-4',
      kind: 'top_up_credited',
      params: { amount: 1000 },
      incomingDate: '2026-03-01T09:55:00Z',
    });
    const { requests } = notificationsServer([second]);
    await renderApp('/Notifcation');
    expect(await screen.findByText('2 unread notifications')).toBeTruthy();
    expect(await screen.findByText('2 unread')).toBeTruthy();
    const line = screen.getAllByTestId('notification').find((i) => i.textContent?.includes('Zamalek')) as HTMLElement;
    fireEvent.click(within(line).getByRole('button', { name: /^Mark as seen/ }));
    expect(await screen.findByText('1 unread notification')).toBeTruthy();
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(line.getAttribute('data-seen')).toBe('true');
    await waitFor(() => expect(calls(requests, '/api/commands/notifications.mark-seen')).toHaveLength(1));
    expect(calls(requests, '/api/commands/notifications.mark-seen')[0]?.body).toEqual({ notificationIds: ['n-3'] });
    // read again after the server recorded it: still one lower, never back up
    await waitFor(() => expect(calls(requests, '/api/queries/me/notifications').length).toBeGreaterThan(3));
    expect(await screen.findByText('1 unread notification')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    expect(await screen.findByText('No unread notifications')).toBeTruthy();
    await waitFor(() => expect(calls(requests, '/api/commands/notifications.mark-seen')).toHaveLength(2));
    expect(calls(requests, '/api/commands/notifications.mark-seen')[1]?.body).toEqual({});
  });

  it('a reply to a contact request links to the requests tab of the profile', async () => {
    notificationsServer([
      makeNotification({
        notificationId: 'n-9',
        kind: 'contact_replied',
        params: { requestId: 'r-1', title: 'Charger at Zamalek' },
        incomingDate: '2026-03-01T09:58:00Z',
      }),
    ]);
    await renderApp('/Notifcation');
    expect(await screen.findByText('Your request “Charger at Zamalek” has a reply.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Read the reply' });
    expect(link.getAttribute('href')).toBe('/profile?tab=4');
  });

  it('once allowed, a notification that arrives later also shows as a system notification', async () => {
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = vi.fn();
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    const later: ReturnType<typeof makeNotification>[] = [];
    notificationsServer(later);
    const { queryClient } = await renderApp('/Notifcation');
    await screen.findByRole('region', { name: 'Today' });
    await waitFor(() => expect(queryClient.getQueryData(['notifications', 'latest'])).toBeTruthy());
    expect(shown).toEqual([]);
    later.push(
      makeNotification({ notificationId: 'n-5', kind: 'top_up_credited', params: { amount: 2500 }, incomingDate: '2026-03-01T09:59:00Z' }),
    );
    await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toEqual({ title: 'EV Charging Egypt', body: expect.stringMatching(/EGP\s?25\.00 was added to your wallet\./) });
  });

  it('asks for browser notifications only when the button is pressed', async () => {
    const requestPermission = vi.fn().mockResolvedValue('granted');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    asCustomer((req) =>
      req.url.startsWith('/api/queries/me/notifications')
        ? { body: { dataList: [], totalCount: 0, unseenCount: 0, nextCursor: null } }
        : undefined,
    );
    await renderApp('/Notifcation');
    const button = await screen.findByRole('button', { name: 'Turn on browser notifications' });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(await screen.findByText('Browser notifications are on.')).toBeTruthy();
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });
});
