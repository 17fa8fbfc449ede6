import { z } from 'zod';
import { idSchema } from '../shared/common';
import { expectedRevisionSchema } from '../shared/list-query';
import { reasonSchema } from '../identity/index';

/**
 * A site's grid limit: the most power (W) a station may draw from its connection, shared between the sessions
 * charging there. Power is integer watts everywhere; the form shows kW.
 */
export const SMART_CHARGING_RULES = {
  /** The largest grid connection a site may declare (10 MW). */
  maxLimitW: 10_000_000,
  /** The smallest non-zero limit: below this no car can charge at all. */
  minLimitW: 1_000,
  /** Lower limits for part of the day, at most this many. */
  maxPeriods: 12,
  /**
   * The least an AC connector may be given: 6 A per phase (IEC 61851's lowest pilot duty), counted for three phases at
   * 230 V. A single-phase car would need less; counting three keeps the floor on the safe side for the site.
   */
  acMinW: 6 * 230 * 3,
  /** The least a DC connector is given unless the deployment sets its own floor. */
  dcMinW: 5_000,
  /** A session on a charger that dropped off keeps its share this long, then is counted out until it speaks again. */
  offlineReserveMs: 5 * 60_000,
} as const;

/** HH:MM in Cairo time; `24:00` ends a period at midnight. */
const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOfDay = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const powerW = z.number().int().min(SMART_CHARGING_RULES.minLimitW).max(SMART_CHARGING_RULES.maxLimitW);

/** A lower limit for part of every day, in Cairo time: `from` is inside, `to` is not; a period never wraps midnight. */
export const gridLimitPeriodSchema = z
  .strictObject({
    from: z.string().regex(HH_MM),
    to: z.string().regex(HH_MM),
    limitW: powerW,
  })
  .refine((p) => p.from !== '24:00' && minutesOfDay(p.from) < minutesOfDay(p.to), {
    path: ['to'],
    params: { code: 'period_order' },
  });
export type GridLimitPeriod = z.infer<typeof gridLimitPeriodSchema>;

/** Periods are kept sorted by `from` and never overlap (one limit at any minute of the day). */
const periodsSchema = z
  .array(gridLimitPeriodSchema)
  .max(SMART_CHARGING_RULES.maxPeriods)
  .superRefine((periods, ctx) => {
    const sorted = periods.map((p, index) => ({ ...p, index })).sort((a, b) => minutesOfDay(a.from) - minutesOfDay(b.from));
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1]!;
      const next = sorted[i]!;
      if (minutesOfDay(next.from) < minutesOfDay(prev.to))
        ctx.addIssue({ code: 'custom', path: [next.index, 'from'], params: { code: 'period_overlap' }, message: 'Periods overlap' });
    }
  });

/**
 * `smart-charging.set-grid-limit`. `limitW` 0 removes the limit (and its periods); a period's limit is lower than
 * the day's (a period is for a peak, never an allowance above the connection).
 */
export const setGridLimitSchema = z
  .strictObject({
    stationId: idSchema,
    limitW: z.union([z.literal(0), powerW]),
    periods: periodsSchema.default([]),
    reason: reasonSchema,
    expectedRevision: expectedRevisionSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.limitW === 0 && v.periods.length > 0)
      ctx.addIssue({ code: 'custom', path: ['periods'], params: { code: 'periods_without_limit' }, message: 'No limit, no periods' });
    v.periods.forEach((p, i) => {
      if (v.limitW > 0 && p.limitW > v.limitW)
        ctx.addIssue({ code: 'custom', path: ['periods', i, 'limitW'], params: { code: 'above_limit' }, message: 'Above the limit' });
    });
  });
export type SetGridLimit = z.infer<typeof setGridLimitSchema>;
