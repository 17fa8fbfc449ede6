import { cairoWallClock } from '../shared/cairo-time';
import type { PowerAllotment } from './events';
import { minutesOfDay, type GridLimitPeriod } from './schemas';

/** A session charging at the station, as the sharing sees it. */
export interface PowerDemand {
  chargerId: string;
  connectorId: number;
  sessionId: string;
  /** The least the connector may be given (below it the car cannot charge), W. */
  minW: number;
  /** The connector's rated power, W. */
  maxW: number;
  /** Its charger refuses profiles: it draws what it likes, so it is counted at its full power. */
  refusesProfiles: boolean;
}

/** A connector rated below its minimum (a single-phase one under the three-phase floor) needs no more than its rating. */
const floorOf = (d: PowerDemand): number => Math.min(d.minW, d.maxW);

/** The limit in force at `at` (W; 0 = none): the period's around that minute in Cairo, else the day's. */
export function limitAt(limitW: number, periods: readonly GridLimitPeriod[], at: Date | string | number): number {
  if (limitW === 0) return 0;
  const minute = minutesOfDay(cairoWallClock(at).time);
  const period = periods.find((p) => minutesOfDay(p.from) <= minute && minute < minutesOfDay(p.to));
  return period ? period.limitW : limitW;
}

/**
 * Shares `limitW` between the sessions, in the order they started. Those refusing profiles are counted at their full
 * power first; the rest is shared equally, a connector never given more than its rating (what it cannot take goes
 * to the others) nor less than its minimum: when the equal share is below someone's minimum, the latest to start
 * waits (given 0) until there is room, so the cars already charging keep charging. The allotments given by profile
 * never sum above what the refusing chargers leave of the limit.
 */
export function sharePower(limitW: number, demands: readonly PowerDemand[]): PowerAllotment[] {
  const refusing = demands.filter((d) => d.refusesProfiles);
  const left = Math.max(0, limitW - refusing.reduce((sum, d) => sum + d.maxW, 0));
  const sharing = demands.filter((d) => !d.refusesProfiles);
  let admitted = sharing.length;
  while (admitted > 0) {
    const equal = Math.floor(left / admitted);
    if (sharing.slice(0, admitted).every((d) => floorOf(d) <= equal)) break;
    admitted--;
  }
  const given = waterFill(left, sharing.slice(0, admitted));
  const sharedWith = demands.length - 1;
  return demands.map((d) => {
    const base = { chargerId: d.chargerId, connectorId: d.connectorId, sessionId: d.sessionId, sharedWith };
    if (d.refusesProfiles) return { ...base, limitW: d.maxW, waiting: false, counted: 'full-power' as const };
    const limit = given.get(d.sessionId);
    return { ...base, limitW: limit ?? 0, waiting: limit === undefined, counted: 'profile' as const };
  });
}

/** Equal shares of `total`, each capped at its connector's rating, the unused part passed on to the others. */
function waterFill(total: number, demands: readonly PowerDemand[]): Map<string, number> {
  const given = new Map<string, number>();
  let left = total;
  const byRating = [...demands].sort((a, b) => a.maxW - b.maxW);
  byRating.forEach((d, i) => {
    const share = Math.min(d.maxW, Math.floor(left / (byRating.length - i)));
    given.set(d.sessionId, share);
    left -= share;
  });
  return given;
}
