import { OPEN_CARD_REQUEST_STATUSES, type DashboardView, type Privilege } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { BOOKINGS, CARD_REQUESTS, CHARGERS, CONTACT_REQUESTS, SESSIONS, cairoDateKey, cairoDayStart } from '@evc/projections';

/**
 * The admin dashboard, computed at query time (never counters): today is the Cairo calendar day of `now`. Each
 * section only for the privileges that read its list.
 */
export class DashboardQueries {
  constructor(private readonly documents: DocumentStore) {}

  async dashboard(privileges: readonly Privilege[], now: Date): Promise<DashboardView> {
    const day = cairoDateKey(now.toISOString());
    const since = cairoDayStart(day);
    const may = (p: Privilege) => privileges.includes(p);
    const [sessions, chargers, cardRequests, contactRequests] = await Promise.all([
      may('sessions.read') ? this.sessions(since) : null,
      this.chargers(),
      may('cards.manage')
        ? CARD_REQUESTS.in(this.documents)
            .countDocuments({ status: { $in: [...OPEN_CARD_REQUEST_STATUSES] } })
            .then((open) => ({ open }))
        : null,
      may('contact.manage') ? this.contactRequests() : null,
    ]);
    return { day, sessions, chargers, cardRequests, contactRequests };
  }

  /** Revenue is what the wallets paid today: sessions billed today and booking fees charged today (a booking's fee is debited when it ends). */
  private async sessions(since: string): Promise<NonNullable<DashboardView['sessions']>> {
    const sessions = SESSIONS.in(this.documents);
    const [today, charging, billed, fees] = await Promise.all([
      sessions
        .aggregate<{
          n: number;
          wh: number;
        }>([{ $match: { requestedAt: { $gte: since } } }, { $group: { _id: null, n: { $sum: 1 }, wh: { $sum: '$energyWh' } } }])
        .toArray(),
      sessions.countDocuments({ status: 'charging' }),
      sessions
        .aggregate<{
          revenue: number;
        }>([{ $match: { billed: true, stoppedAt: { $gte: since } } }, { $group: { _id: null, revenue: { $sum: '$cost' } } }])
        .toArray(),
      BOOKINGS.in(this.documents)
        .aggregate<{ revenue: number }>([
          { $match: { charged: true, endedAt: { $gte: since } } },
          { $group: { _id: null, revenue: { $sum: '$fee' } } },
        ])
        .toArray(),
    ]);
    return { count: today[0]?.n ?? 0, charging, energyWh: today[0]?.wh ?? 0, revenue: (billed[0]?.revenue ?? 0) + (fees[0]?.revenue ?? 0) };
  }

  /** Chargers in service (not deleted): online, offline, and faulted (online with a connector reporting a fault). */
  private async chargers(): Promise<DashboardView['chargers']> {
    const chargers = CHARGERS.in(this.documents);
    const live = { modelState: { $ne: 3 } };
    const [total, online, faulted] = await Promise.all([
      chargers.countDocuments(live),
      chargers.countDocuments({ ...live, online: true }),
      chargers.countDocuments({ ...live, online: true, 'connectors.status': 'faulted' }),
    ]);
    return { total, online: online - faulted, offline: total - online, faulted };
  }

  private async contactRequests(): Promise<NonNullable<DashboardView['contactRequests']>> {
    const requests = CONTACT_REQUESTS.in(this.documents);
    const [fresh, needsAction] = await Promise.all([
      requests.countDocuments({ status: 'new' }),
      requests.countDocuments({ status: 'needs_action' }),
    ]);
    return { open: fresh + needsAction, new: fresh, needsAction };
  }
}
