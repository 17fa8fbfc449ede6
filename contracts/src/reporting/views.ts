import { z } from 'zod';

/**
 * The admin dashboard (`/admin`): today's figures (the Cairo calendar day). Each section is null for staff whose
 * privileges do not cover it (sessions: sessions.read; card requests: cards.manage; contact requests:
 * contact.manage); the chargers' state is for every staff member.
 */
export const dashboardViewSchema = z.object({
  /** YYYY-MM-DD in Africa/Cairo. */
  day: z.string(),
  sessions: z
    .object({
      /** Sessions requested today. */
      count: z.number().int(),
      /** Of those, charging right now. */
      charging: z.number().int(),
      /** Energy of today's sessions so far, Wh. */
      energyWh: z.number().int(),
      /** Billed today, piastres: sessions stopped today and booking fees charged today. */
      revenue: z.number().int(),
    })
    .nullable(),
  chargers: z.object({ total: z.number().int(), online: z.number().int(), offline: z.number().int(), faulted: z.number().int() }),
  /** Card requests still open (requested, in progress, needs action, in delivery). */
  cardRequests: z.object({ open: z.number().int() }).nullable(),
  contactRequests: z.object({ open: z.number().int(), new: z.number().int(), needsAction: z.number().int() }).nullable(),
});
export type DashboardView = z.infer<typeof dashboardViewSchema>;
