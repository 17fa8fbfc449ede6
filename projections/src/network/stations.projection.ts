import {
  geoCellOf,
  type ChargerFields,
  type ChargerLiveEvent,
  type ChargerView,
  type ConnectorView,
  type OcppVersion,
  type RegisterCharger,
  type StationView,
} from '@evc/contracts';
import type { Collection, RecordedEvent } from '@evc/platform';
import type { EventHandler, Projection, ProjectionContext, RecordedEventOf } from '../runner/projection';
import { GOVERNORATES } from './geography.projection';
import { mergeOne } from '../shared/merge';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/** The public station (`stations`): the view as served, plus what queries filter and staff edit on. */
export type StationDoc = StationView & {
  _id: string;
  geoCell: string;
  searchText: string;
  updatedAt: string;
  position: number;
  revision: number;
};

/** A charger as staff see it (collection `chargers`): SIM data, comment, modelState; never the key hash. */
export type ChargerDoc = Omit<RegisterCharger, 'secretHash' | 'connectors' | 'ipAddress' | 'iccid' | 'simNumber' | 'imsi' | 'comment'> & {
  _id: string;
  ipAddress: string | null;
  iccid: string | null;
  simNumber: string | null;
  imsi: string | null;
  comment: string | null;
  online: boolean;
  status: string;
  /** 0 = in service, 3 = marked deleted. */
  modelState: number;
  connectors: ConnectorView[];
  /** The charger stream's revision (staff edit against it); live events never move it. */
  revision: number;
  position: number;
  /** From the charger's live stream (boot, connections); heartbeat times come from the presence consumer. */
  firmwareVersion?: string | null;
  reported?: { vendor: string; model: string; serialNumber: string | null; iccid: string | null; imsi: string | null } | null;
  lastBootAt?: string | null;
  /** The live connection's id (the presence sweep names it when it reports the charger silent). */
  connectionId?: string | null;
  lastConnectedAt?: string | null;
  lastDisconnectedAt?: string | null;
  lastHeartbeatAt?: string | null;
  lastSeenAt?: string | null;
};

/** What the gateway checks a charger's Basic auth against (`charger_auth`). */
export type ChargerAuthDoc = {
  _id: string;
  chargerId: string;
  stationId: string;
  secretHash: string;
  ocppVersion: OcppVersion;
  deleted: boolean;
};

export const STATIONS = readModel<StationDoc>(READ_MODELS.stations);
export const CHARGERS = readModel<ChargerDoc>(READ_MODELS.chargers);
export const CHARGER_AUTH = readModel<ChargerAuthDoc>(READ_MODELS.chargerAuth);

/** Totals shown on station cards and used by filters: recounted from the charger list on a staff change, moved by difference on a live one (liveOnStation). */
export function stationTotals(chargers: StationView['chargers']) {
  const connectors = chargers.flatMap((c) => c.connectors);
  const outOfService = chargers.filter((c) => c.connectors.every((k) => k.status === 'faulted' || k.status === 'unavailable')).length;
  return {
    numberOfChargers: chargers.length,
    numberOutOfService: outOfService,
    totalConnectors: connectors.length,
    // A connector is available to drivers only while its charger is online.
    availableConnectors: chargers.flatMap((c) => (c.online ? c.connectors : [])).filter((k) => k.status === 'available').length,
    connectorTypes: [...new Set(connectors.map((k) => k.type))].sort(),
    maxPowerKw: connectors.reduce((m, k) => Math.max(m, k.maxPowerKw), 0),
  };
}

/** A charger's overall status from its connectors. */
export function chargerStatus(connectors: ConnectorView[]): string {
  if (connectors.every((k) => k.status === 'unknown')) return 'unknown';
  if (connectors.every((k) => k.status === 'faulted' || k.status === 'unavailable')) return 'outOfService';
  return 'inService';
}

const publicCharger = (c: ChargerDoc): ChargerView => ({
  chargerId: c.chargerId,
  serialNumber: c.serialNumber,
  model: c.model,
  vendor: c.vendor,
  ocppVersion: c.ocppVersion,
  online: c.online,
  connectors: c.connectors,
});

/** What staff enter on a charger, as the staff view keeps it (absent optional fields as null). */
const enteredFields = (d: ChargerFields) => ({
  serialNumber: d.serialNumber,
  model: d.model,
  vendor: d.vendor,
  ocppVersion: d.ocppVersion,
  ipAddress: d.ipAddress ?? null,
  iccid: d.iccid ?? null,
  simNumber: d.simNumber ?? null,
  imsi: d.imsi ?? null,
  comment: d.comment ?? null,
});

/** Connectors as entered, keeping the live status of those that stay. */
const connectorsOf = (specs: RegisterCharger['connectors'], before: ConnectorView[] = []): ConnectorView[] =>
  specs.map((c) => ({ ...c, status: before.find((b) => b.connectorId === c.connectorId)?.status ?? 'unknown' }));

/** Puts (or removes) one charger in its station's public list and recomputes the totals. */
async function setStationCharger(
  stations: Collection<StationDoc>,
  stationId: string,
  chargerId: string,
  charger: ChargerView | null,
  event: RecordedEvent,
) {
  // Only the chargers are needed (and copied out): a station holds a few dozen, and this runs on every status change.
  const station = await stations.findOne({ _id: stationId }, { projection: { chargers: 1 } });
  if (!station) return false; // the command side guarantees the station exists; tolerate a partial replay
  const others = station.chargers.filter((c) => c.chargerId !== chargerId);
  const index = station.chargers.findIndex((c) => c.chargerId === chargerId);
  const chargers = charger
    ? [...station.chargers.map((c) => (c.chargerId === chargerId ? charger : c)), ...(index >= 0 ? [] : [charger])]
    : others;
  // One $set on the document just read (no second read): the station exists, so no upsert. A charger already listed
  // is replaced in place (`chargers.<i>`: the runner applies one event at a time, so the index still holds).
  const set = charger && index >= 0 ? { [`chargers.${index}`]: charger } : { chargers };
  await stations.updateOne(
    { _id: stationId },
    { $set: { ...set, ...stationTotals(chargers), updatedAt: event.metadata.occurredAt, position: event.position } },
  );
  return true;
}

/**
 * A charger's live change (online, connector status) on its station without reading the station: its element replaced
 * in place (`chargers.$`) and the two totals a live change can move adjusted by the difference (`$inc`). Before, every
 * status change copied all the station's chargers out and back (on a large hub, a large cost of the read side
 * in a burst of starts). A change that moves another total (a connector the charger was not registered
 * with), or a station that does not list the charger (a partial replay), takes the full path.
 */
async function liveOnStation(stations: Collection<StationDoc>, before: ChargerDoc, after: ChargerDoc, event: RecordedEvent) {
  const view = publicCharger(after);
  const [was, now] = [stationTotals([publicCharger(before)]), stationTotals([view])];
  const sameShape =
    was.totalConnectors === now.totalConnectors &&
    was.maxPowerKw === now.maxPowerKw &&
    was.connectorTypes.join() === now.connectorTypes.join();
  if (sameShape) {
    const { matchedCount } = await stations.updateOne(
      { _id: after.stationId, 'chargers.chargerId': after.chargerId },
      {
        $set: { 'chargers.$': view, updatedAt: event.metadata.occurredAt, position: event.position },
        $inc: {
          availableConnectors: now.availableConnectors - was.availableConnectors,
          numberOutOfService: now.numberOutOfService - was.numberOutOfService,
        },
      },
    );
    if (matchedCount > 0) return true;
  }
  return setStationCharger(stations, after.stationId, after.chargerId, view, event);
}

const setStation: EventHandler<'StationRegistered' | 'StationUpdated'> = async (event, { documents, changed }) => {
  const { data: d } = event;
  const stations = STATIONS.in(documents);
  const [gov, existing] = await Promise.all([
    GOVERNORATES.in(documents).findOne({ _id: d.governorateId }),
    stations.findOne({ _id: d.stationId }),
  ]);
  const chargers = existing?.chargers ?? [];
  const doc: StationDoc = {
    _id: d.stationId,
    stationId: d.stationId,
    nameEn: d.nameEn,
    nameAr: d.nameAr,
    governorateId: d.governorateId,
    governorateNameEn: gov?.nameEn ?? d.governorateId,
    governorateNameAr: gov?.nameAr ?? d.governorateId,
    location: d.location,
    addressEn: d.addressEn,
    addressAr: d.addressAr,
    ...(d.photoFileId ? { photoFileId: d.photoFileId } : {}),
    chargers,
    ...stationTotals(chargers),
    geoCell: geoCellOf(d.location),
    searchText: [d.nameEn, d.nameAr, d.addressEn, d.addressAr].join(' ').toLowerCase(),
    updatedAt: event.metadata.occurredAt,
    position: event.position,
    revision: event.revision,
  };
  await stations.replaceOne({ _id: d.stationId }, doc, { upsert: true });
  changed(READ_MODELS.stations, d.stationId);
};

/** Only the station's revision moves (staff edit against it). */
const moveStationRevision: EventHandler<'ChargerAttached' | 'ChargerDetached'> = async ({ data, revision }, { documents, changed }) => {
  await mergeOne(STATIONS.in(documents), data.stationId, { revision }, { upsert: false });
  changed(READ_MODELS.stations, data.stationId);
};

const registerCharger: EventHandler<'ChargerRegistered'> = async (event, { documents, changed }) => {
  const { data: d } = event;
  const doc: ChargerDoc = {
    _id: d.chargerId,
    chargerId: d.chargerId,
    stationId: d.stationId,
    ...enteredFields(d),
    online: false,
    status: 'unknown',
    modelState: 0,
    connectors: connectorsOf(d.connectors),
    revision: event.revision,
    position: event.position,
  };
  await CHARGERS.in(documents).replaceOne({ _id: d.chargerId }, doc, { upsert: true });
  await mergeOne(CHARGER_AUTH.in(documents), d.chargerId, {
    chargerId: d.chargerId,
    stationId: d.stationId,
    secretHash: d.secretHash,
    ocppVersion: d.ocppVersion,
    deleted: false,
  });
  if (await setStationCharger(STATIONS.in(documents), d.stationId, d.chargerId, publicCharger(doc), event))
    changed(READ_MODELS.stations, d.stationId);
};

/** An event of a charger already registered (anything else is a partial replay, tolerated): applied, then noted. */
function onCharger<K extends 'ChargerUpdated' | 'ChargerMarkedDeleted' | 'ChargerSecretRotated'>(
  apply: (event: RecordedEventOf<K>, current: ChargerDoc, context: ProjectionContext) => Promise<void>,
): EventHandler<K> {
  return async (event, context) => {
    const current = await CHARGERS.in(context.documents).findOne({ _id: event.data.chargerId });
    if (!current) return;
    await apply(event, current, context);
    context.changed(READ_MODELS.chargers, current.chargerId);
  };
}

/**
 * What a charger reported (its `charger-live-<id>` stream): online, boot data, connector status. Writes with $set
 * only the fields it owns, so the presence consumer's heartbeat times are never overwritten.
 */
function onLive<K extends ChargerLiveEvent['type']>(
  change: (data: RecordedEventOf<K>['data'], current: ChargerDoc) => Partial<ChargerDoc> | null,
): EventHandler<K> {
  return async (event, { documents, changed }) => {
    const chargers = CHARGERS.in(documents);
    const current = await chargers.findOne({ _id: event.data.chargerId });
    if (!current) return;
    const set = change(event.data, current);
    if (!set) return;
    await chargers.updateOne({ _id: current.chargerId }, { $set: { ...set, position: event.position } });
    changed(READ_MODELS.chargers, current.chargerId);
    const next: ChargerDoc = { ...current, ...set };
    if (
      current.modelState !== 3 &&
      ('online' in set || 'connectors' in set) &&
      (await liveOnStation(STATIONS.in(documents), current, next, event))
    ) {
      changed(READ_MODELS.stations, current.stationId);
    }
  };
}

/**
 * Stations with their chargers and connectors, ready to show (`stations`, public: deleted chargers are not in
 * it), the staff view of each charger (`chargers`, with modelState), and the gateway's `charger_auth`.
 */
export const stationsProjection: Projection = {
  name: 'stations',
  collections: [READ_MODELS.stations, READ_MODELS.chargerAuth, READ_MODELS.chargers],
  async setup(documents) {
    const stations = documents.collection(READ_MODELS.stations);
    await stations.createIndex({ governorateId: 1 });
    await stations.createIndex({ geoCell: 1 });
    await stations.createIndex({ nameEn: 1 });
    await documents.collection(READ_MODELS.chargerAuth).createIndex({ stationId: 1 });
    await documents.collection(READ_MODELS.chargers).createIndex({ stationId: 1 });
  },
  on: {
    StationRegistered: setStation,
    StationUpdated: setStation,
    async StationDeleted({ data: { stationId } }, { documents, changed }) {
      await STATIONS.in(documents).deleteOne({ _id: stationId });
      await CHARGERS.in(documents).updateMany({ stationId }, { $set: { modelState: 3, status: 'deleted' } });
      await CHARGER_AUTH.in(documents).updateMany({ stationId }, { $set: { deleted: true } });
      // Gateway nodes close a deleted or re-keyed charger's socket on this notice (private: no live stream sends it).
      changed(READ_MODELS.chargerAuth, undefined, []);
      changed(READ_MODELS.chargers);
      changed(READ_MODELS.stations, stationId);
    },
    ChargerAttached: moveStationRevision,
    ChargerDetached: moveStationRevision,
    async GovernorateUpdated({ data: d }, { documents, changed }) {
      const result = await STATIONS.in(documents).updateMany(
        { governorateId: d.governorateId },
        { $set: { governorateNameEn: d.nameEn, governorateNameAr: d.nameAr } },
      );
      if (result.modifiedCount > 0) changed(READ_MODELS.stations);
    },
    ChargerRegistered: registerCharger,
    ChargerUpdated: onCharger(async (event, current, { documents, changed }) => {
      const { data: d } = event;
      const connectors = connectorsOf(d.connectors, current.connectors);
      const doc: ChargerDoc = {
        ...current,
        ...enteredFields(d),
        connectors,
        status: chargerStatus(connectors),
        revision: event.revision,
        position: event.position,
      };
      await CHARGERS.in(documents).replaceOne({ _id: current.chargerId }, doc);
      await CHARGER_AUTH.in(documents).updateOne({ _id: current.chargerId }, { $set: { ocppVersion: d.ocppVersion } });
      if (
        current.modelState !== 3 &&
        (await setStationCharger(STATIONS.in(documents), current.stationId, current.chargerId, publicCharger(doc), event))
      )
        changed(READ_MODELS.stations, current.stationId);
    }),
    ChargerMarkedDeleted: onCharger(async (event, current, { documents, changed }) => {
      await CHARGERS.in(documents).updateOne(
        { _id: current.chargerId },
        { $set: { modelState: 3, status: 'deleted', revision: event.revision, position: event.position } },
      );
      await CHARGER_AUTH.in(documents).updateOne({ _id: current.chargerId }, { $set: { deleted: true } });
      changed(READ_MODELS.chargerAuth, current.chargerId, []);
      if (await setStationCharger(STATIONS.in(documents), current.stationId, current.chargerId, null, event))
        changed(READ_MODELS.stations, current.stationId);
    }),
    ChargerSecretRotated: onCharger(async (event, current, { documents, changed }) => {
      await CHARGER_AUTH.in(documents).updateOne({ _id: current.chargerId }, { $set: { secretHash: event.data.secretHash } });
      changed(READ_MODELS.chargerAuth, current.chargerId, []);
      await CHARGERS.in(documents).updateOne({ _id: current.chargerId }, { $set: { revision: event.revision, position: event.position } });
    }),
    ChargerConnected: onLive((d) => ({ online: true, connectionId: d.connectionId, lastConnectedAt: d.at })),
    ChargerDisconnected: onLive((d) => ({ online: false, lastDisconnectedAt: d.at })),
    ChargerBooted: onLive((d) => ({
      firmwareVersion: d.firmwareVersion,
      reported: { vendor: d.vendor, model: d.model, serialNumber: d.serialNumber, iccid: d.iccid, imsi: d.imsi },
      lastBootAt: d.at,
    })),
    ConnectorStatusChanged: onLive((d, current) => {
      if (!current.connectors.some((k) => k.connectorId === d.connectorId)) return null; // connector 0 (the whole charger) or unknown
      const connectors = current.connectors.map((k) => (k.connectorId === d.connectorId ? { ...k, status: d.status } : k));
      return { connectors, status: chargerStatus(connectors) };
    }),
  },
};
