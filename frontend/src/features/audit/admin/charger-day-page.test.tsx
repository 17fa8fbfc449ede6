import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ChargerTimelineView, TimelineEntry } from '@evc/contracts/audit';
import { makeSession, renderApp, storeSession, stubApi } from '../../../testing/render-app';
import { setupLiveTests } from '../../../testing/network-fixtures';

setupLiveTests();

const entry = (position: number, type: string, category: TimelineEntry['category'], detail: string | null = null): TimelineEntry => ({
  position,
  at: `2026-03-10T0${position % 10}:00:00.000Z`,
  type,
  category,
  streamId: `charger-live-CP-1`,
  detail,
  actorType: 'charger',
  correlationId: `c-${position}`,
});
const page = (entries: TimelineEntry[], next: number | null): ChargerTimelineView => ({
  chargerId: 'CP-1',
  stationId: 'st-1',
  date: '2026-03-10',
  from: '2026-03-09T22:00:00.000Z',
  to: '2026-03-10T22:00:00.000Z',
  entries,
  next,
  scanned: 500,
});

describe("a charger's day", () => {
  it('shows known events by their label and others by their type name under "other"; more of the day continues after the last', async () => {
    storeSession(makeSession('staff', { privileges: ['events.read'] }));
    const requests = stubApi((req) => {
      if (req.url.split('?')[0] !== '/api/queries/admin/chargers/CP-1/timeline') return undefined;
      return req.url.includes('after=')
        ? { body: page([entry(7, 'FirmwareStatusReported', 'firmware', 'Installed')], null) }
        : { body: page([entry(3, 'ChargerConnected', 'connection', 'ocpp1.6'), entry(5, 'ProbeCalibrated', 'other')], 6) };
    });
    await renderApp('/admin/chargers/CP-1/day?date=2026-03-10');
    await screen.findByRole('heading', { level: 1, name: 'Charger CP-1: its day' });
    const rows = await screen.findAllByTestId('timeline-entry');
    expect(rows.map((r) => [r.getAttribute('data-category'), r.textContent])).toEqual([
      ['connection', expect.stringMatching(/Connection.*Connected.*ocpp1\.6/)],
      ['other', expect.stringMatching(/Other.*ProbeCalibrated/)],
    ]);
    expect(screen.getByRole('link', { name: 'Connected' }).getAttribute('href')).toBe('/admin/events/3');
    expect(requests.find((r) => r.url.includes('/timeline'))?.url).toContain('date=2026-03-10');
    fireEvent.click(screen.getByRole('button', { name: 'Load more of this day' }));
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(3));
    expect(requests.filter((r) => r.url.includes('/timeline')).at(-1)?.url).toContain('after=6');
    expect(screen.getAllByTestId('timeline-entry')[2]?.textContent).toMatch(/Firmware.*FirmwareStatusReported.*Installed/);
    expect(screen.queryByRole('button', { name: 'Load more of this day' })).toBeNull();
  });

  it('moves a day at a time', async () => {
    storeSession(makeSession('staff', { privileges: ['events.read'] }));
    const requests = stubApi((req) =>
      req.url.split('?')[0] === '/api/queries/admin/chargers/CP-1/timeline' ? { body: page([], null) } : undefined,
    );
    await renderApp('/admin/chargers/CP-1/day?date=2026-03-01');
    await screen.findByText('Nothing happened on this day.');
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(requests.some((r) => r.url.includes('date=2026-02-28'))).toBe(true));
  });
});
