import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StationUptimeView } from '@evc/contracts/uptime';
import { makeSession, renderApp, storeSession, stubApi, SUPER_PRIVILEGES } from '../../../testing/render-app';
import { setupLiveTests } from '../../../testing/network-fixtures';

setupLiveTests();

const H = 3_600_000;
const figures = (upH: number, downH: number, maintenanceH = 0) => ({
  upMs: upH * H,
  downMs: downH * H,
  maintenanceMs: maintenanceH * H,
  availability: upH + downH === 0 ? null : upH / (upH + downH),
});
const charger = (upH: number, downH: number, maintenanceH = 0) => ({
  chargerId: 'CP-1',
  figures: figures(upH, downH, maintenanceH),
  connectors: [{ connectorId: 1, figures: figures(upH, downH, maintenanceH) }],
});
const view: StationUptimeView = {
  stationId: 'st-1',
  nameEn: 'Zamalek',
  nameAr: 'الزمالك',
  month: '2026-03',
  asOf: '2026-03-03T10:00:00.000Z',
  targetBp: 9700,
  belowTarget: true,
  figures: figures(45, 3, 2),
  days: [
    { date: '2026-03-01', figures: figures(24, 0), chargers: [charger(24, 0)] },
    { date: '2026-03-02', figures: figures(21, 3, 2), chargers: [charger(21, 3, 2)] },
    { date: '2026-03-03', figures: figures(0, 0), chargers: [] },
  ],
  chargers: [{ chargerId: 'CP-1', figures: figures(45, 3, 2), connectors: [{ connectorId: 1, figures: figures(45, 3, 2) }] }],
  maintenance: [],
  revision: null,
};

function withStation(privileges = [...SUPER_PRIVILEGES, 'uptime.manage' as const]) {
  storeSession(makeSession('staff', { privileges }));
  return stubApi((req) => (req.url.split('?')[0] === '/api/queries/admin/uptime/stations/st-1' ? { body: view } : undefined));
}

describe("a station's uptime", () => {
  it('draws a bar per Cairo day against the target: below it in red, nothing in service in grey', async () => {
    withStation();
    await renderApp('/admin/uptime/st-1?month=2026-03');
    const chart = await screen.findByRole('img', { name: 'Availability of Zamalek per day, 2026-03' });
    const bars = within(chart).getAllByTestId('uptime-bar');
    expect(bars.map((b) => b.getAttribute('fill'))).toEqual(['#16a34a', '#b91c1c', '#cbd5e1']);
    expect(bars[1]?.textContent).toBe('2026-03-02: 87.5%');
    expect(screen.getByTestId('uptime-station-availability').textContent).toMatch(/93\.75%.*Below target/);
  });

  it('shows each charger and connector over the month, or over the Cairo day picked', async () => {
    withStation();
    await renderApp('/admin/uptime/st-1?month=2026-03');
    const row = async () => (await screen.findAllByTestId('uptime-charger'))[0]!.textContent;
    expect(await row()).toContain('93.75%');
    fireEvent.change(screen.getByTestId('uptime-chargers-day'), { target: { value: '2026-03-02' } });
    await waitFor(async () => expect(await row()).toContain('87.50%'));
    fireEvent.change(screen.getByTestId('uptime-chargers-day'), { target: { value: '' } });
    await waitFor(async () => expect(await row()).toContain('93.75%'));
  });

  it('runs the days from the right in Arabic', async () => {
    withStation();
    await renderApp('/admin/uptime/st-1?month=2026-03&lang=ar');
    const chart = await screen.findByRole('img', { name: 'توافر الزمالك لكل يوم، 2026-03' });
    const x = within(chart)
      .getAllByTestId('uptime-bar')
      .map((b) => Number(b.getAttribute('x')));
    expect(x[0]).toBeGreaterThan(x[1]!);
    expect(x[1]).toBeGreaterThan(x[2]!);
  });

  it('declares maintenance for a charger with a reason, its window typed in Cairo time and sent as UTC', async () => {
    const requests = withStation();
    await renderApp('/admin/uptime/st-1?month=2026-03');
    const form = await screen.findByRole('form', { name: 'Declare planned maintenance' });
    fireEvent.change(within(form).getByLabelText('Charger'), { target: { value: 'CP-1' } });
    fireEvent.change(within(form).getByLabelText('From (Cairo time)'), { target: { value: '2030-03-10T14:00' } });
    fireEvent.change(within(form).getByLabelText('To (Cairo time)'), { target: { value: '2030-03-10T16:30' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Cable replacement' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Declare maintenance' }));
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/api/commands/uptime.declare-maintenance'))).toBe(true));
    const sent = requests.find((r) => r.url.endsWith('/api/commands/uptime.declare-maintenance'))!.body;
    // Cairo is UTC+2 in March
    expect(sent).toMatchObject({
      stationId: 'st-1',
      chargerId: 'CP-1',
      connectorId: null,
      from: '2030-03-10T12:00:00.000Z',
      to: '2030-03-10T14:30:00.000Z',
      reason: 'Cable replacement',
    });
  });

  it('reads without the forms for staff without uptime.manage', async () => {
    withStation(['analytics.read']);
    await renderApp('/admin/uptime/st-1?month=2026-03');
    await screen.findByRole('img', { name: 'Availability of Zamalek per day, 2026-03' });
    expect(screen.queryByRole('form', { name: 'Declare planned maintenance' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Target' })).toBeNull();
  });
});
