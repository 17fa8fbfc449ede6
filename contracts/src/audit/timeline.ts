import { z } from 'zod';

/** What a charger's day shows each event as: a category for its colour and filter, and a label when its type is known. */
export const TIMELINE_CATEGORIES = [
  'connection',
  'boot',
  'status',
  'fault',
  'session',
  'command',
  'alert',
  'firmware',
  'diagnostics',
  'maintenance',
  'registry',
  'other',
] as const;
export type TimelineCategory = (typeof TIMELINE_CATEGORIES)[number];

/** Event types with a category and a label of their own (the screen's catalog has `audit.timeline.type.<type>`). */
export const TIMELINE_TYPES: Readonly<Record<string, TimelineCategory>> = {
  ChargerConnected: 'connection',
  ChargerDisconnected: 'connection',
  ChargerBooted: 'boot',
  ConnectorStatusChanged: 'status',
  ChargerCommandRequested: 'command',
  ChargerCommandSent: 'command',
  ChargerCommandAnswered: 'command',
  SessionRequested: 'session',
  SessionStarted: 'session',
  SessionStopped: 'session',
  SessionStartFailed: 'session',
  SessionStartAccepted: 'session',
  SessionCharging: 'session',
  SessionStopRequested: 'session',
  SessionBilled: 'session',
  MaintenanceDeclared: 'maintenance',
  MaintenanceCancelled: 'maintenance',
};

/** Left out of the day: a session's meter readings (the session's own screen shows them). */
export const TIMELINE_HIDDEN: ReadonlySet<string> = new Set(['MeterReadingRecorded']);

/**
 * Families of events other contexts add, by the start of their type name: they get their category without a change
 * here, and show their type name as their label.
 */
const FAMILIES: readonly [string, TimelineCategory][] = [
  ['Firmware', 'firmware'],
  ['Diagnostics', 'diagnostics'],
  ['Log', 'diagnostics'],
  ['Alert', 'alert'],
  ['Session', 'session'],
  ['ChargerCommand', 'command'],
  ['Charger', 'registry'],
];

/** The category of an event type; a fault is a status change that carries an error. Unknown types are `other`. */
export function timelineCategoryOf(type: string, data?: unknown): TimelineCategory {
  const known = TIMELINE_TYPES[type];
  if (known === 'status' && (data as { error?: unknown } | undefined)?.error) return 'fault';
  if (known) return known;
  return FAMILIES.find(([prefix]) => type.startsWith(prefix))?.[1] ?? 'other';
}

/** One Cairo day of a charger (`YYYY-MM-DD`), read in pages: `after` is the previous page's `next`. */
export const chargerTimelineQuerySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  after: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(100),
});
export type ChargerTimelineQuery = z.infer<typeof chargerTimelineQuerySchema>;

export const timelineEntrySchema = z.object({
  position: z.number().int(),
  at: z.string(),
  type: z.string(),
  category: z.enum(TIMELINE_CATEGORIES),
  streamId: z.string(),
  /** A short, language-neutral summary (a connector and status, a command and its answer), or null. */
  detail: z.string().nullable(),
  actorType: z.string(),
  correlationId: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/**
 * A page of a charger's day, oldest first. `next`: pass it as `after` for the rest of the day (null: the day is read
 * to its end). A page reads a bounded slice of the log, so a page may hold fewer entries than asked and still have a
 * `next`.
 */
export const chargerTimelineViewSchema = z.object({
  chargerId: z.string(),
  stationId: z.string().nullable(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  entries: z.array(timelineEntrySchema),
  next: z.number().int().nullable(),
  scanned: z.number().int(),
});
export type ChargerTimelineView = z.infer<typeof chargerTimelineViewSchema>;
