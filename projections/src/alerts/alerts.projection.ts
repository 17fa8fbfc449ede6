import type { AlertCause, AlertKind, AlertState } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection, ProjectionContext, RecordedEventOf } from '../runner/projection';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';
import { STATIONS } from '../network/index';

/** One step of an alert's history; `byId` null: the charger or the system. Keyed by the event's id (replays are no-ops). */
export interface AlertStepDoc {
  eventId: string;
  what: 'opened' | 'acknowledged' | 'noted' | 'resolved' | 'recovered' | 'mailed';
  at: string;
  byId: string | null;
  text: string | null;
  mail: { about: 'opened' | 'resolved'; recipients: number; outcome: 'sent' | 'failed' | 'none' } | null;
}

export type AlertDoc = {
  _id: string;
  alertId: string;
  kind: AlertKind;
  state: AlertState;
  chargerId: string;
  stationId: string | null;
  /** The station's names when the alert opened (the inbox shows them without a lookup). */
  stationNameEn: string | null;
  stationNameAr: string | null;
  governorateId: string | null;
  cause: AlertCause;
  openedAt: string;
  updatedAt: string;
  resolvedAt: string | null;
  history: AlertStepDoc[];
  /** Charger, station and error code, lower-cased (the inbox's search). */
  searchText: string;
};
export const ALERTS = readModel<AlertDoc>(READ_MODELS.alerts);

export type AlertSubscriptionDoc = { _id: string; stationIds: string[]; governorateIds: string[] };
export const ALERT_SUBSCRIPTIONS = readModel<AlertSubscriptionDoc>(READ_MODELS.alertSubscriptions);

/** Staff activity: off the public stream, to staff holding alerts.read (no customer named). */
const changedAlert = (context: ProjectionContext, id: string) => context.changed(READ_MODELS.alerts, id, []);

type LaterEvent = 'AlertAcknowledged' | 'AlertNoted' | 'AlertResolved' | 'AlertMailed';

function onAlert<K extends LaterEvent>(
  step: (event: RecordedEventOf<K>) => Omit<AlertStepDoc, 'eventId' | 'at'>,
  change: (event: RecordedEventOf<K>) => Partial<AlertDoc> = () => ({}),
): EventHandler<K> {
  return async (event, context) => {
    const alerts = ALERTS.in(context.documents);
    const doc = await alerts.findOne({ _id: event.data.alertId });
    if (!doc || doc.history.some((s) => s.eventId === event.eventId)) return;
    const entry: AlertStepDoc = { eventId: event.eventId, at: event.metadata.occurredAt, ...step(event) };
    await alerts.replaceOne(
      { _id: doc._id },
      { ...doc, ...change(event), history: [...doc.history, entry], updatedAt: event.metadata.occurredAt },
    );
    changedAlert(context, doc._id);
  };
}

const staffId = (event: { metadata: { actor: { type: string; id: string } } }) =>
  event.metadata.actor.type === 'staff' ? event.metadata.actor.id : null;
const none = { byId: null, text: null, mail: null };

/** The on-call inbox (one document per alert, with its history) and each staff member's subscriptions. */
export const alertsProjection: Projection = {
  name: 'alerts',
  collections: [READ_MODELS.alerts, READ_MODELS.alertSubscriptions],
  async setup(documents: DocumentStore) {
    const alerts = documents.collection(READ_MODELS.alerts);
    await alerts.createIndex({ state: 1, openedAt: -1 });
    await alerts.createIndex({ stationId: 1, openedAt: -1 });
    await alerts.createIndex({ openedAt: -1 });
  },
  on: {
    async AlertOpened(event, context) {
      const { data, metadata } = event;
      const station = data.stationId ? await STATIONS.in(context.documents).findOne({ _id: data.stationId }) : null;
      const doc: AlertDoc = {
        _id: data.alertId,
        alertId: data.alertId,
        kind: data.kind,
        state: 'open',
        chargerId: data.chargerId,
        stationId: data.stationId,
        stationNameEn: station?.nameEn ?? null,
        stationNameAr: station?.nameAr ?? null,
        governorateId: data.governorateId,
        cause: data.cause,
        openedAt: data.at,
        updatedAt: metadata.occurredAt,
        resolvedAt: null,
        history: [{ eventId: event.eventId, what: 'opened', at: metadata.occurredAt, ...none }],
        searchText: [data.chargerId, station?.nameEn, station?.nameAr, data.cause.errorCode].filter(Boolean).join(' ').toLowerCase(),
      };
      await ALERTS.in(context.documents).replaceOne({ _id: doc._id }, doc, { upsert: true });
      changedAlert(context, doc._id);
    },
    AlertAcknowledged: onAlert(
      (e) => ({ what: 'acknowledged', byId: staffId(e), text: e.data.reason, mail: null }),
      () => ({ state: 'acknowledged' }),
    ),
    AlertNoted: onAlert((e) => ({ what: 'noted', byId: staffId(e), text: e.data.text, mail: null })),
    AlertResolved: onAlert(
      (e) =>
        e.data.by === 'staff'
          ? { what: 'resolved', byId: staffId(e), text: e.data.reason, mail: null }
          : { what: 'recovered', byId: null, text: e.data.recovery, mail: null },
      (e) => ({ state: 'resolved', resolvedAt: e.data.at }),
    ),
    AlertMailed: onAlert((e) => ({
      what: 'mailed',
      byId: null,
      text: null,
      mail: { about: e.data.about, recipients: e.data.staffIds.length, outcome: e.data.outcome },
    })),
    async AlertSubscriptionsSet({ data }, context) {
      const doc = { _id: data.staffId, stationIds: data.stationIds, governorateIds: data.governorateIds };
      await ALERT_SUBSCRIPTIONS.in(context.documents).replaceOne({ _id: doc._id }, doc, { upsert: true });
    },
  },
};
