import type { AdminAlertsQuery, AlertDetail, AlertRow, MyAlertSubscriptions } from '@evc/contracts';
import type { DocumentStore, Filter } from '@evc/platform';
import { ALERTS, ALERT_SUBSCRIPTIONS, type AlertDoc } from '@evc/projections';
import { ActorNames } from '../identity/index';
import { runAdminList, type ListAnswer } from '../shared/admin-list';

export const alertRow = (d: AlertDoc): AlertRow => ({
  alertId: d.alertId,
  kind: d.kind,
  state: d.state,
  chargerId: d.chargerId,
  stationId: d.stationId,
  stationNameEn: d.stationNameEn,
  stationNameAr: d.stationNameAr,
  governorateId: d.governorateId,
  connectorId: d.cause.connectorId,
  errorCode: d.cause.errorCode,
  openedAt: d.openedAt,
  updatedAt: d.updatedAt,
  resolvedAt: d.resolvedAt,
});

export class AlertsQueries {
  private readonly names: ActorNames;
  constructor(private readonly documents: DocumentStore) {
    this.names = new ActorNames(documents);
  }

  /** Newest first; filtered by state, station and kind; searched by charger, station and error code. */
  list(q: AdminAlertsQuery): Promise<ListAnswer<AlertRow>> {
    const filter: Filter = {};
    if (q.state) filter.state = q.state;
    if (q.stationId) filter.stationId = q.stationId;
    if (q.kind) filter.kind = q.kind;
    return runAdminList(
      {
        collection: ALERTS.in(this.documents),
        filter,
        sortable: { openedAt: 'openedAt', updatedAt: 'updatedAt', state: 'state', kind: 'kind', chargerId: 'chargerId' },
        defaultSort: { openedAt: -1, _id: 1 },
        toView: alertRow,
        columns: [
          { header: 'Alert', value: (v) => v.alertId },
          { header: 'Opened', value: (v) => v.openedAt },
          { header: 'State', value: (v) => v.state },
          { header: 'Kind', value: (v) => v.kind },
          { header: 'Charger', value: (v) => v.chargerId },
          { header: 'Station', value: (v) => v.stationNameEn ?? '' },
          { header: 'Connector', value: (v) => v.connectorId ?? '' },
          { header: 'Error code', value: (v) => v.errorCode ?? '' },
          { header: 'Resolved', value: (v) => v.resolvedAt ?? '' },
        ],
      },
      q,
    );
  }

  async get(alertId: string): Promise<AlertDetail | null> {
    const d = await ALERTS.in(this.documents).findOne({ _id: alertId });
    if (!d) return null;
    const names = await this.names.of(d.history.flatMap((s) => (s.byId ? [s.byId] : [])));
    const { cause } = d;
    return {
      ...alertRow(d),
      info: cause.info,
      vendorErrorCode: cause.vendorErrorCode,
      since: cause.since,
      transactionId: cause.transactionId,
      lastMeterAt: cause.lastMeterAt,
      history: d.history.map((s) => ({
        what: s.what,
        at: s.at,
        by: s.byId ? { id: s.byId, name: names.get(s.byId) ?? null } : null,
        text: s.text,
        mail: s.mail,
      })),
    };
  }

  async subscriptionsOf(staffId: string): Promise<MyAlertSubscriptions> {
    const d = await ALERT_SUBSCRIPTIONS.in(this.documents).findOne({ _id: staffId });
    return { stationIds: d?.stationIds ?? [], governorateIds: d?.governorateIds ?? [] };
  }
}
