import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  belowTarget,
  cairoDayStart,
  measureConnectors,
  measureDays,
  sumFigures,
  type MaintenanceWindow,
  type UptimeSignal,
} from './availability';

const H = 3_600_000;
const status = (at: string, connectorId: number, s: Extract<UptimeSignal, { kind: 'status' }>['status']): UptimeSignal => ({
  at,
  chargerId: 'CP1',
  kind: 'status',
  connectorId,
  status: s,
});
const presence = (at: string, kind: 'online' | 'offline'): UptimeSignal => ({ at, chargerId: 'CP1', kind });

/**
 * One charger, two connectors. Cairo is UTC+2 in March, so the Cairo day 2026-03-10 runs from 2026-03-09T22:00Z to
 * 2026-03-10T22:00Z. Connector 1, by hand:
 *   22:00–23:00 available 1 h up · 23:00–01:00 charging 2 h up · 01:00–01:30 finishing 0.5 h up ·
 *   01:30–06:00 available 4.5 h up · 06:00–08:00 faulted 2 h down · 08:00–09:00 offline 1 h down ·
 *   09:00–10:00 back online, still faulted 1 h down · 10:00–12:00 available 2 h up ·
 *   12:00–14:00 unavailable inside the charger's declared window 2 h maintenance · 14:00–22:00 available 8 h up
 *   = 18 h up, 4 h down, 2 h maintenance.
 * Connector 2 reports first at 10:00 (not in service before): 12 h tracked, of which the charger's window 2 h and its
 * own window 15:00–16:00 1 h are maintenance = 9 h up, 0 down, 3 h maintenance.
 */
const history: UptimeSignal[] = [
  status('2026-03-09T20:00:00Z', 1, 'available'),
  status('2026-03-09T23:00:00Z', 1, 'charging'),
  status('2026-03-10T01:00:00Z', 1, 'finishing'),
  status('2026-03-10T01:30:00Z', 1, 'available'),
  status('2026-03-10T06:00:00Z', 1, 'faulted'),
  presence('2026-03-10T08:00:00Z', 'offline'),
  presence('2026-03-10T09:00:00Z', 'online'),
  status('2026-03-10T10:00:00Z', 1, 'available'),
  status('2026-03-10T10:00:00Z', 2, 'available'),
  status('2026-03-10T12:00:00Z', 1, 'unavailable'),
  status('2026-03-10T14:00:00Z', 1, 'available'),
];
const maintenance: MaintenanceWindow[] = [
  { from: '2026-03-10T12:00:00Z', to: '2026-03-10T14:00:00Z', chargerId: 'CP1', connectorId: null },
  { from: '2026-03-10T15:00:00Z', to: '2026-03-10T16:00:00Z', chargerId: 'CP1', connectorId: 2 },
  // another charger's window touches nothing here
  { from: '2026-03-10T00:00:00Z', to: '2026-03-10T20:00:00Z', chargerId: 'CP2', connectorId: null },
];

describe('uptime of a fixed event history', () => {
  it('a Cairo day: each connector up, down and in maintenance to the millisecond', () => {
    const [day] = measureDays(history, maintenance, ['2026-03-10'], '2026-03-20T00:00:00Z');
    expect(day?.connectors).toEqual([
      { chargerId: 'CP1', connectorId: 1, upMs: 18 * H, downMs: 4 * H, maintenanceMs: 2 * H },
      { chargerId: 'CP1', connectorId: 2, upMs: 9 * H, downMs: 0, maintenanceMs: 3 * H },
    ]);
    const station = sumFigures(day!.connectors);
    expect(station).toEqual({ upMs: 27 * H, downMs: 4 * H, maintenanceMs: 5 * H });
    expect(availabilityOf(station)).toBe(27 / 31);
    expect(belowTarget(station, 9700)).toBe(true);
    expect(belowTarget(station, 8709)).toBe(false); // 27/31 = 87.096… %
    expect(belowTarget(station, 8710)).toBe(true);
  });

  it('the day before counts from the first status only; a day running counts up to now; days to come are left out', () => {
    const days = measureDays(history, maintenance, ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12'], '2026-03-11T01:00:00Z');
    expect(days.map((d) => d.date)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(days[0]?.connectors).toEqual([
      { chargerId: 'CP1', connectorId: 1, upMs: 2 * H, downMs: 0, maintenanceMs: 0 },
      { chargerId: 'CP1', connectorId: 2, upMs: 0, downMs: 0, maintenanceMs: 0 },
    ]);
    // 2026-03-11 began at 2026-03-10T22:00Z: 3 hours to now, both connectors available
    expect(sumFigures(days[2]!.connectors)).toEqual({ upMs: 6 * H, downMs: 0, maintenanceMs: 0 });
    const month = sumFigures(days.flatMap((d) => d.connectors));
    expect(month).toEqual({ upMs: 35 * H, downMs: 4 * H, maintenanceMs: 5 * H });
  });

  it('the day summer time begins has 23 hours and starts at 01:00 Cairo time', () => {
    // Egypt's clocks go from 00:00 to 01:00 on the last Friday of April
    expect(cairoDayStart('2026-04-24')).toBe('2026-04-23T22:00:00.000Z');
    expect(cairoDayStart('2026-04-25')).toBe('2026-04-24T21:00:00.000Z');
    const [day] = measureDays([status('2026-04-01T00:00:00Z', 1, 'available')], [], ['2026-04-24'], '2026-05-01T00:00:00Z');
    expect(day?.connectors[0]).toMatchObject({ upMs: 23 * H, downMs: 0 });
  });

  it('an offline charger is down whatever its connector said; nothing in service has no availability', () => {
    const figures = measureConnectors(
      [status('2026-03-10T00:00:00Z', 1, 'charging'), presence('2026-03-10T01:00:00Z', 'offline')],
      [],
      '2026-03-10T00:00:00Z',
      '2026-03-10T04:00:00Z',
    );
    expect(figures).toEqual([{ chargerId: 'CP1', connectorId: 1, upMs: 1 * H, downMs: 3 * H, maintenanceMs: 0 }]);
    expect(availabilityOf({ upMs: 0, downMs: 0, maintenanceMs: 2 * H })).toBeNull();
    expect(measureConnectors([presence('2026-03-10T00:00:00Z', 'online')], [], '2026-03-10T00:00:00Z', '2026-03-10T04:00:00Z')).toEqual([]);
  });
});
