import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChainView, EventSearchPage, EventView } from '@evc/contracts/audit';
import type { Privilege } from '@evc/contracts/shared';
import { makeSession, renderApp, storeSession, stubApi, type RecordedRequest } from '../../../testing/render-app';
import { makeEvent } from '../../../testing/event-fixtures';
import { advance, ago, setupLiveTests } from '../../../testing/network-fixtures';

const SEARCH = '/api/queries/admin/events';
setupLiveTests();

const page = (dataList: EventView[], over: Partial<EventSearchPage> = {}): EventSearchPage => ({
  dataList,
  next: null,
  scanned: dataList.length,
  head: dataList[0]?.position ?? 0,
  gap: false,
  ...over,
});
const searches = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.split('?')[0] === SEARCH).map((r) => new URL(r.url, 'http://x').searchParams);

function asStaff(respond: (req: RecordedRequest) => { status?: number; body: unknown } | undefined, privileges?: Privilege[]) {
  storeSession(makeSession('staff', privileges ? { privileges } : {}));
  return stubApi(respond);
}

describe('the event explorer', () => {
  it('lists events newest first and opens one: metadata, masked fields, links to its chain, stream and actor', async () => {
    asStaff((req) =>
      req.url.startsWith(SEARCH) ? { body: page([makeEvent(12), makeEvent(11, { type: 'EmailVerified', fields: [] })]) } : undefined,
    );
    await renderApp('/admin/events');
    expect(await screen.findByRole('heading', { name: 'Event explorer', level: 1 })).toBeTruthy();
    const rows = await screen.findAllByTestId('event-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['CustomerSignedUp', 'EmailVerified']);
    fireEvent.click(rows[0]!);
    const detail = await screen.findByTestId('event-detail');
    expect(within(detail).getByText('personal data: needs the customers privilege')).toBeTruthy();
    expect(within(detail).getByText('secret: never shown')).toBeTruthy();
    expect(within(detail).getByText('female')).toBeTruthy();
    expect(within(detail).getByRole('link', { name: 'Follow the chain' }).getAttribute('href')).toBe('/admin/events/12');
    expect(within(detail).getByRole('link', { name: 'All events of this stream' }).getAttribute('href')).toBe(
      '/admin/events?stream=account-c1',
    );
    expect(within(detail).getByRole('link', { name: 'Customer: c1' }).getAttribute('href')).toBe('/admin/users?selected=c1');
    expect(within(detail).getByRole('link', { name: "Open the item's screen" }).getAttribute('href')).toBe('/admin/users?selected=c1');
  });

  it('searches with the form: criteria in the URL, Cairo times sent as UTC, a reversed range refused before asking', async () => {
    const requests = asStaff((req) => (req.url.startsWith(SEARCH) ? { body: page([]) } : undefined));
    await renderApp('/admin/events');
    await screen.findByText('No events match.');
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'WalletDebited' } });
    fireEvent.change(screen.getByLabelText('Stream prefix'), { target: { value: 'wallet-' } });
    fireEvent.change(screen.getByLabelText('From (Cairo time)'), { target: { value: '2026-03-01T12:00' } });
    fireEvent.change(screen.getByLabelText('To (Cairo time)'), { target: { value: '2026-03-01T11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The end must not be before the start')).toBeTruthy();
    const before = searches(requests).length;
    fireEvent.change(screen.getByLabelText('To (Cairo time)'), { target: { value: '2026-03-01T13:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches(requests).length).toBeGreaterThan(before));
    const sent = searches(requests).at(-1)!;
    expect(Object.fromEntries(sent)).toEqual({
      type: 'WalletDebited',
      streamPrefix: 'wallet-',
      from: '2026-03-01T10:00:00.000Z',
      to: '2026-03-01T11:30:00.000Z',
      pageSize: '50',
    });
  });

  it('leaves sign-ins out by default; "Show sign-ins" asks for them and keeps them through a search', async () => {
    const requests = asStaff((req) => (req.url.startsWith(SEARCH) ? { body: page([]) } : undefined));
    await renderApp('/admin/events');
    await screen.findByText('No events match.');
    expect(searches(requests).at(-1)!.get('signIns')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show sign-ins' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(searches(requests).at(-1)!.get('signIns')).toBe('show'));
    expect(screen.getByRole('button', { name: 'Show sign-ins' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('Actor id'), { target: { value: 'c-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches(requests).at(-1)!.get('actorId')).toBe('c-1'));
    expect(searches(requests).at(-1)!.get('signIns')).toBe('show');
  });

  it('pages back from the last event read, and the live tail adds only what is newer', async () => {
    let tail = 0;
    const requests = asStaff((req) => {
      if (!req.url.startsWith(SEARCH)) return undefined;
      const q = new URL(req.url, 'http://x').searchParams;
      if (q.get('after'))
        return { body: page(tail++ === 0 ? [] : [makeEvent(13, { type: 'WalletDebited', streamId: 'wallet-c1' })], { head: 13 }) };
      if (q.get('before') === '11') return { body: page([makeEvent(5)]) };
      return { body: page([makeEvent(12), makeEvent(11)], { next: 11, scanned: 500 }) };
    });
    await renderApp('/admin/events');
    await screen.findAllByTestId('event-row');
    fireEvent.click(screen.getByRole('button', { name: 'Older events' }));
    await waitFor(() => expect(screen.getAllByTestId('event-row')).toHaveLength(3));
    expect(searches(requests).some((q) => q.get('before') === '11')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Live: off' }));
    await screen.findByRole('button', { name: 'Live: on' });
    await waitFor(() => expect(searches(requests).some((q) => q.get('after') === '12')).toBe(true));
    await advance(2100);
    await waitFor(() => expect(screen.getAllByTestId('event-row')).toHaveLength(4));
    const first = screen.getAllByTestId('event-row')[0]!;
    expect(first.getAttribute('data-fresh')).toBe('true');
    expect(first.textContent).toContain('WalletDebited');
    expect(screen.getByText(/Following new events: 1 new/)).toBeTruthy();
    await advance(2100);
    expect(searches(requests).some((q) => q.get('after') === '13')).toBe(true);
  });

  it('is in the menu and reachable only with events.read', async () => {
    asStaff(() => undefined, ['stations.write']);
    const { router } = await renderApp('/admin/events');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Error401'));
  });

  it('speaks Arabic, right to left', async () => {
    asStaff((req) => (req.url.startsWith(SEARCH) ? { body: page([makeEvent(12)]) } : undefined));
    await renderApp('/admin/events?lang=ar');
    expect(await screen.findByRole('heading', { name: 'مستكشف الأحداث', level: 1 })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    fireEvent.click((await screen.findAllByTestId('event-row'))[0]!);
    expect(await screen.findByText('بيانات شخصية: تتطلب صلاحية العملاء')).toBeTruthy();
  });
});

describe('an event and its chain', () => {
  const debit = makeEvent(40, {
    type: 'WalletDebited',
    streamId: 'wallet-c1',
    actor: { type: 'system', id: 'charging', name: null },
    fields: [{ path: 'amount', value: 2500, masked: null }],
  });
  const chain: ChainView = {
    start: 'e40',
    events: [
      { ...makeEvent(20, { type: 'SessionRequested', streamId: 'session-s1', eventId: 'e20' }), link: 'item', causedBy: null },
      {
        ...makeEvent(30, {
          type: 'MeterReadingRecorded',
          streamId: 'session-s1',
          eventId: 'e30',
          actor: { type: 'charger', id: 'CP-1', name: null },
        }),
        link: 'item',
        causedBy: 'f1',
      },
      {
        ...makeEvent(35, { type: 'ConnectorStatusChanged', streamId: 'charger-live-CP-1', eventId: 'e35' }),
        link: 'context',
        causedBy: null,
      },
      { ...debit, link: 'start', causedBy: 'e20' },
    ],
    frames: [
      {
        frameId: 'f1',
        chargerId: 'CP-1',
        connectionId: 'c',
        messageId: 'm',
        direction: 'in',
        kind: 'call',
        action: 'MeterValues',
        at: ago(600 - 29),
        payload: { connectorId: 1 },
        error: null,
        caused: ['e30'],
      },
    ],
    framesHidden: 2,
    origins: [
      {
        correlationId: 'corr-1',
        eventId: 'e20',
        type: 'SessionRequested',
        at: ago(580),
        actor: { type: 'customer', id: 'c1', name: 'Omar Fathy' },
        reason: null,
      },
    ],
    truncated: false,
  };

  it('shows the event, who started the chain, and the timeline with frames and causes', async () => {
    asStaff((req) =>
      req.url.endsWith('/chain') ? { body: chain } : req.url.startsWith('/api/queries/admin/events/40') ? { body: debit } : undefined,
    );
    await renderApp('/admin/events/40');
    expect(await screen.findByRole('heading', { name: 'Event 40 and its chain' })).toBeTruthy();
    const entries = await screen.findAllByTestId(/chain-(event|frame)/);
    expect(entries.map((e) => e.getAttribute('data-type') ?? e.getAttribute('data-action'))).toEqual([
      'SessionRequested',
      'MeterValues',
      'MeterReadingRecorded',
      'ConnectorStatusChanged',
      'WalletDebited',
    ]);
    expect(within(entries[2]!).getByRole('link', { name: 'OCPP MeterValues' }).getAttribute('href')).toBe('#chain-f1');
    expect(within(entries[3]!).getByText('meanwhile on the charger')).toBeTruthy();
    expect(within(screen.getByTestId('chain-origins')).getByRole('link', { name: 'Customer: Omar Fathy' })).toBeTruthy();
    expect(screen.getByText(/2 OCPP frames are not shown/)).toBeTruthy();
  });
});
