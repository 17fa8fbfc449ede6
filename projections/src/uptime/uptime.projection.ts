import { DEFAULT_TARGET_BP, type ConnectorStatus } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection, RecordedEventOf } from '../runner/projection';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/** One presence change or connector status of a charger, at the time the gateway received it (`_id`: the event id). */
export type UptimeSignalDoc = {
  _id: string;
  chargerId: string;
  at: string;
  kind: 'online' | 'offline' | 'status';
  /** null for presence. */
  connectorId: number | null;
  status: ConnectorStatus | null;
  position: number;
};
export const UPTIME_SIGNALS = readModel<UptimeSignalDoc>(READ_MODELS.uptimeSignals);

export interface MaintenanceDoc {
  maintenanceId: string;
  chargerId: string | null;
  connectorId: number | null;
  from: string;
  to: string;
  reason: string | null;
  /** The staff member's account id. */
  declaredBy: string;
  declaredAt: string;
  cancelled: boolean;
}
export type UptimeStationDoc = {
  _id: string;
  stationId: string;
  targetBp: number;
  maintenance: MaintenanceDoc[];
  revision: number;
  position: number;
};
export const UPTIME_STATIONS = readModel<UptimeStationDoc>(READ_MODELS.uptimeStations);

type Presence = 'ChargerConnected' | 'ChargerDisconnected';
const presence =
  (kind: 'online' | 'offline'): EventHandler<Presence> =>
  async (event, context) => {
    const doc: UptimeSignalDoc = {
      _id: event.eventId,
      chargerId: event.data.chargerId,
      at: event.data.at || event.metadata.occurredAt,
      kind,
      connectorId: null,
      status: null,
      position: event.position,
    };
    await UPTIME_SIGNALS.in(context.documents).replaceOne({ _id: doc._id }, doc, { upsert: true });
  };

type StationEvent = 'MaintenanceDeclared' | 'MaintenanceCancelled' | 'UptimeTargetSet';
/** A change to a station's document: rewritten whole (maintenance keyed by id, so a replay is a no-op). */
const onStation =
  <K extends StationEvent>(apply: (doc: UptimeStationDoc, event: RecordedEventOf<K>) => Partial<UptimeStationDoc>): EventHandler<K> =>
  async (event, context) => {
    const stations = UPTIME_STATIONS.in(context.documents);
    const { stationId } = event.data;
    const doc = (await stations.findOne({ _id: stationId })) ?? {
      _id: stationId,
      stationId,
      targetBp: DEFAULT_TARGET_BP,
      maintenance: [],
      revision: -1,
      position: 0,
    };
    await stations.replaceOne(
      { _id: stationId },
      { ...doc, ...apply(doc, event), revision: event.revision, position: event.position },
      { upsert: true },
    );
    context.changed(READ_MODELS.uptimeStations, stationId);
  };

/**
 * What availability is computed from (charger presence and connector statuses, one document per event) and each
 * station's target and declared maintenance.
 */
export const uptimeProjection: Projection = {
  name: 'uptime',
  collections: [READ_MODELS.uptimeSignals, READ_MODELS.uptimeStations],
  async setup(documents: DocumentStore) {
    await documents.collection(READ_MODELS.uptimeSignals).createIndex({ chargerId: 1, at: 1 });
  },
  on: {
    ChargerConnected: presence('online'),
    ChargerDisconnected: presence('offline'),
    async ConnectorStatusChanged(event, context) {
      const doc: UptimeSignalDoc = {
        _id: event.eventId,
        chargerId: event.data.chargerId,
        at: event.data.at || event.metadata.occurredAt,
        kind: 'status',
        connectorId: event.data.connectorId,
        status: event.data.status,
        position: event.position,
      };
      await UPTIME_SIGNALS.in(context.documents).replaceOne({ _id: doc._id }, doc, { upsert: true });
    },
    MaintenanceDeclared: onStation((doc, { data, metadata }) => ({
      maintenance: [
        ...doc.maintenance.filter((m) => m.maintenanceId !== data.maintenanceId),
        {
          maintenanceId: data.maintenanceId,
          chargerId: data.chargerId,
          connectorId: data.connectorId,
          from: data.from,
          to: data.to,
          reason: metadata.reason ?? null,
          declaredBy: metadata.actor.id,
          declaredAt: data.at,
          cancelled: false,
        },
      ],
    })),
    MaintenanceCancelled: onStation((doc, { data }) => ({
      maintenance: doc.maintenance.map((m) => (m.maintenanceId === data.maintenanceId ? { ...m, cancelled: true } : m)),
    })),
    UptimeTargetSet: onStation((_doc, { data }) => ({ targetBp: data.targetBp })),
  },
};
