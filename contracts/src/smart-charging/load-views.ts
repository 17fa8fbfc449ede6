import { z } from 'zod';
import { POWER_SHARE_CAUSES, PROFILE_ANSWER_STATUSES } from './events';

/**
 * What people see of a site's power: the station's load against its limit (staff) and a session's allotted power
 * (its driver). Power is integer watts; instants ISO UTC.
 */
export const SITE_LOAD_CHART = {
  /** One point a minute: fine enough to see a stop release its share, small enough to send six hours at once. */
  pointMs: 60_000,
  /** The longest window the chart shows; the read model keeps no point older than this before the newest. */
  maxHours: 6,
  /** The windows staff pick between (hours). */
  windows: [1, 6] as const,
} as const;

const watts = z.number().int();
const countedSchema = z.enum(['profile', 'full-power']);

/** One charging session at a station: the power it last reported and the share it was given. */
export const siteSessionLoadSchema = z.object({
  sessionId: z.string(),
  chargerId: z.string(),
  connectorId: z.number().int(),
  /** The latest power from the charger's MeterValues (null until one carries power). */
  powerW: watts.nullable(),
  readAt: z.string().nullable(),
  /** The share given by the last recomputation (null: not shared, the station has no limit). */
  allottedW: watts.nullable(),
  waiting: z.boolean(),
  counted: countedSchema.nullable(),
  /** The charger's answer to the latest profile for this session. */
  answer: z.enum(PROFILE_ANSWER_STATUSES).nullable(),
});
export type SiteSessionLoad = z.infer<typeof siteSessionLoadSchema>;

/** One minute of the chart: the station's drawn power (the highest total that minute) and the limit in force. */
export const siteLoadPointSchema = z.object({ at: z.string(), drawnW: watts, limitW: watts.nullable() });
export type SiteLoadPoint = z.infer<typeof siteLoadPointSchema>;

const periodViewSchema = z.object({ from: z.string(), to: z.string(), limitW: watts });

/** `smart-charging.site-load`: the station's limit and who set it, its load now and the chart's points. */
export const siteLoadViewSchema = z.object({
  stationId: z.string(),
  /** The day's limit (0: none) and the lower limits for parts of the day (Cairo time). */
  limitW: watts,
  periods: z.array(periodViewSchema),
  limitReason: z.string().nullable(),
  limitSetAt: z.string().nullable(),
  limitSetBy: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }).nullable(),
  /** The limit in force now (null: no limit). */
  effectiveLimitW: watts.nullable(),
  /** The sum of the sessions' latest power, and of their shares. */
  drawnW: watts,
  allottedW: watts,
  /** More is counted than the limit allows: a charger refuses profiles and is counted at its full power. */
  overSubscribed: z.boolean(),
  /** Why, as the last recomputation recorded it. */
  overSubscribedReason: z.string().nullable(),
  /** The chargers counted at their full power because they refuse profiles. */
  fullPowerChargers: z.array(z.string()),
  lastCause: z.enum(POWER_SHARE_CAUSES).nullable(),
  lastSharedAt: z.string().nullable(),
  sessions: z.array(siteSessionLoadSchema),
  /** Each minute of the window, oldest first, ending with the minute of `now`. */
  points: z.array(siteLoadPointSchema),
  windowHours: z.number().int(),
  now: z.string(),
});
export type SiteLoadView = z.infer<typeof siteLoadViewSchema>;

export const siteLoadQuerySchema = z.object({
  hours: z.coerce.number().int().min(1).max(SITE_LOAD_CHART.maxHours).default(SITE_LOAD_CHART.maxHours),
  position: z.coerce.number().int().min(0).optional(),
});
export type SiteLoadQuery = z.infer<typeof siteLoadQuerySchema>;

/**
 * `me.session-power`: the power a driver's session is allotted and why. `limited`: the station shares a limit;
 * `sharedWith`: how many other cars share it; `waiting`: the share is below the connector's minimum, so it waits.
 */
export const sessionPowerViewSchema = z.object({
  sessionId: z.string(),
  limited: z.boolean(),
  charging: z.boolean(),
  allottedW: watts.nullable(),
  sharedWith: z.number().int(),
  waiting: z.boolean(),
  counted: countedSchema.nullable(),
  cause: z.enum(POWER_SHARE_CAUSES).nullable(),
  sharedAt: z.string().nullable(),
});
export type SessionPowerView = z.infer<typeof sessionPowerViewSchema>;
