import { geoCellOf, type ChargerBooted, type ChargerView, type ConnectorStatusChanged, type ConnectorView, type RegisterCharger, type RegisterStation, type StationView } from '@evc/contracts';
import type { Collection, Doc, DocumentStore, RecordedEvent } from '@evc/platform';
import type { Projection, ProjectionContext } from '../runner/projection';
import { RM } from './collections';
import { mergeOne } from './merge';

type StationDoc = StationView & Doc & { _id: string; geoCell: string; searchText: string; updatedAt: string; position: number; revision: number };

/** A charger as staff see it (collection `chargers`): SIM data, comment, modelState; never the key hash. */
export type ChargerDoc = Doc &
  Omit<RegisterCharger, 'secretHash' | 'connectors' | 'ipAddress' | 'iccid' | 'simNumber' | 'imsi' | 'comment'> & {
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

/** Totals shown on station cards and used by filters; recomputed from the charger list on every change. */
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

/** Connectors as entered, keeping the live status of those that stay. */
const connectorsOf = (specs: RegisterCharger['connectors'], before: ConnectorView[] = []): ConnectorView[] =>
  specs.map((c) => ({ ...c, status: before.find((b) => b.connectorId === c.connectorId)?.status ?? 'unknown' }));

/** Puts (or removes) one charger in its station's public list and recomputes the totals. */
async function setStationCharger(stations: Collection<StationDoc>, stationId: string, chargerId: string, charger: ChargerView | null, event: RecordedEvent) {
  // Only the chargers are needed (and copied out): a station holds a few dozen, and this runs on every status change.
  const station = await stations.findOne({ _id: stationId }, { projection: { chargers: 1 } });
  if (!station) return false; // the command side guarantees the station exists; tolerate a partial replay
  const others = station.chargers.filter((c) => c.chargerId !== chargerId);
  const index = station.chargers.findIndex((c) => c.chargerId === chargerId);
  const chargers = charger ? [...station.chargers.map((c) => (c.chargerId === chargerId ? charger : c)), ...(index >= 0 ? [] : [charger])] : others;
  // One $set on the document just read (no second read): the station exists, so no upsert. A charger already listed
  // is replaced in place (`chargers.<i>`: the runner applies one event at a time, so the index still holds).
  const set = charger && index >= 0 ? { [`chargers.${index}`]: charger } : { chargers };
  await stations.updateOne({ _id: stationId }, { $set: { ...set, ...stationTotals(chargers), updatedAt: event.metadata.occurredAt, position: event.position } });
  return true;
}

async function applyStation(event: RecordedEvent, documents: DocumentStore, stations: Collection<StationDoc>) {
  const d = event.data as RegisterStation;
  const [gov, existing] = await Promise.all([
    documents.collection(RM.governorates).findOne({ _id: d.governorateId }),
    stations.findOne({ _id: d.stationId }),
  ]);
  const chargers = existing?.chargers ?? [];
  const doc: StationDoc = {
    _id: d.stationId,
    stationId: d.stationId,
    nameEn: d.nameEn,
    nameAr: d.nameAr,
    governorateId: d.governorateId,
    governorateNameEn: String(gov?.nameEn ?? d.governorateId),
    governorateNameAr: String(gov?.nameAr ?? d.governorateId),
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
}

async function applyCharger(event: RecordedEvent, documents: DocumentStore, stations: Collection<StationDoc>, changed: ProjectionContext['changed']) {
  const chargersRm = documents.collection<ChargerDoc>(RM.chargers);
  const auth = documents.collection(RM.chargerAuth);
  const data = event.data as Record<string, unknown>;
  const chargerId = String(data.chargerId);
  const at = { revision: event.revision, position: event.position };
  if (event.type === 'ChargerRegistered') {
    const d = event.data as RegisterCharger;
    const doc: ChargerDoc = {
      _id: d.chargerId,
      chargerId: d.chargerId,
      stationId: d.stationId,
      serialNumber: d.serialNumber,
      model: d.model,
      vendor: d.vendor,
      ocppVersion: d.ocppVersion,
      ipAddress: d.ipAddress ?? null,
      iccid: d.iccid ?? null,
      simNumber: d.simNumber ?? null,
      imsi: d.imsi ?? null,
      comment: d.comment ?? null,
      online: false,
      status: 'unknown',
      modelState: 0,
      connectors: connectorsOf(d.connectors),
      ...at,
    };
    await chargersRm.replaceOne({ _id: d.chargerId }, doc, { upsert: true });
    await mergeOne(auth, d.chargerId, { chargerId: d.chargerId, stationId: d.stationId, secretHash: d.secretHash, ocppVersion: d.ocppVersion, deleted: false });
    if (await setStationCharger(stations, d.stationId, d.chargerId, publicCharger(doc), event)) changed(RM.stations, d.stationId);
    return;
  }
  const current = await chargersRm.findOne({ _id: chargerId });
  if (!current) return;
  if (event.type === 'ChargerUpdated') {
    const d = event.data as Omit<RegisterCharger, 'stationId' | 'secretHash'>;
    const connectors = connectorsOf(d.connectors, current.connectors);
    const doc: ChargerDoc = {
      ...current,
      serialNumber: d.serialNumber,
      model: d.model,
      vendor: d.vendor,
      ocppVersion: d.ocppVersion,
      ipAddress: d.ipAddress ?? null,
      iccid: d.iccid ?? null,
      simNumber: d.simNumber ?? null,
      imsi: d.imsi ?? null,
      comment: d.comment ?? null,
      connectors,
      status: chargerStatus(connectors),
      ...at,
    };
    await chargersRm.replaceOne({ _id: chargerId }, doc);
    await auth.updateOne({ _id: chargerId }, { $set: { ocppVersion: d.ocppVersion } });
    if (current.modelState !== 3 && (await setStationCharger(stations, current.stationId, chargerId, publicCharger(doc), event))) changed(RM.stations, current.stationId);
  } else if (event.type === 'ChargerMarkedDeleted') {
    await chargersRm.updateOne({ _id: chargerId }, { $set: { modelState: 3, status: 'deleted', ...at } });
    await auth.updateOne({ _id: chargerId }, { $set: { deleted: true } });
    if (await setStationCharger(stations, current.stationId, chargerId, null, event)) changed(RM.stations, current.stationId);
  } else if (event.type === 'ChargerSecretRotated') {
    await auth.updateOne({ _id: chargerId }, { $set: { secretHash: data.secretHash } });
    await chargersRm.updateOne({ _id: chargerId }, { $set: at });
  }
  changed(RM.chargers, chargerId);
}

const LIVE_EVENTS = ['ChargerConnected', 'ChargerDisconnected', 'ChargerBooted', 'ConnectorStatusChanged'] as const;

/**
 * What a charger reported (its `charger-live-<id>` stream): online, boot data, connector status. Writes with $set
 * only the fields it owns, so the presence consumer's heartbeat times are never overwritten.
 */
async function applyLive(event: RecordedEvent, documents: DocumentStore, stations: Collection<StationDoc>, changed: ProjectionContext['changed']) {
  const chargersRm = documents.collection<ChargerDoc>(RM.chargers);
  const data = event.data as Record<string, unknown>;
  const chargerId = String(data.chargerId);
  const current = await chargersRm.findOne({ _id: chargerId });
  if (!current) return;
  const at = String(data.at);
  let set: Partial<ChargerDoc>;
  switch (event.type) {
    case 'ChargerConnected':
      set = { online: true, connectionId: String(data.connectionId), lastConnectedAt: at };
      break;
    case 'ChargerDisconnected':
      set = { online: false, lastDisconnectedAt: at };
      break;
    case 'ChargerBooted': {
      const d = event.data as ChargerBooted['data'];
      set = { firmwareVersion: d.firmwareVersion, reported: { vendor: d.vendor, model: d.model, serialNumber: d.serialNumber, iccid: d.iccid, imsi: d.imsi }, lastBootAt: at };
      break;
    }
    default: {
      const d = event.data as ConnectorStatusChanged['data'];
      if (!current.connectors.some((k) => k.connectorId === d.connectorId)) return; // connector 0 (the whole charger) or unknown
      const connectors = current.connectors.map((k) => (k.connectorId === d.connectorId ? { ...k, status: d.status } : k));
      set = { connectors, status: chargerStatus(connectors) };
    }
  }
  await chargersRm.updateOne({ _id: chargerId }, { $set: { ...set, position: event.position } });
  changed(RM.chargers, chargerId);
  const next = { ...current, ...set } as ChargerDoc;
  if (current.modelState !== 3 && ('online' in set || 'connectors' in set) && (await setStationCharger(stations, current.stationId, chargerId, publicCharger(next), event))) {
    changed(RM.stations, current.stationId);
  }
}

/**
 * Stations with their chargers and connectors, ready to show (`stations`, public: deleted chargers are not in
 * it), the staff view of each charger (`chargers`, with modelState), and the gateway's `charger_auth`.
 */
export const stationsProjection: Projection = {
  name: 'stations',
  collections: [RM.stations, RM.chargerAuth, RM.chargers],
  handles: [
    'StationRegistered',
    'StationUpdated',
    'StationDeleted',
    'ChargerAttached',
    'ChargerDetached',
    'ChargerRegistered',
    'ChargerUpdated',
    'ChargerMarkedDeleted',
    'ChargerSecretRotated',
    'GovernorateUpdated',
    ...LIVE_EVENTS,
  ],
  async setup(documents) {
    const stations = documents.collection(RM.stations);
    await stations.createIndex({ governorateId: 1 });
    await stations.createIndex({ geoCell: 1 });
    await stations.createIndex({ nameEn: 1 });
    await documents.collection(RM.chargerAuth).createIndex({ stationId: 1 });
    await documents.collection(RM.chargers).createIndex({ stationId: 1 });
  },
  async apply(event, { documents, changed }) {
    const stations = documents.collection<StationDoc>(RM.stations);
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'StationRegistered':
      case 'StationUpdated':
        await applyStation(event, documents, stations);
        return changed(RM.stations, String(data.stationId));
      case 'StationDeleted': {
        const stationId = String(data.stationId);
        await stations.deleteOne({ _id: stationId });
        await documents.collection(RM.chargers).updateMany({ stationId }, { $set: { modelState: 3, status: 'deleted' } });
        await documents.collection(RM.chargerAuth).updateMany({ stationId }, { $set: { deleted: true } });
        changed(RM.chargers);
        return changed(RM.stations, stationId);
      }
      case 'ChargerAttached':
      case 'ChargerDetached': {
        // Only the station's revision moves (staff edit against it).
        const stationId = String(data.stationId);
        await mergeOne(stations as unknown as Collection<Doc>, stationId, { revision: event.revision }, { upsert: false });
        return changed(RM.stations, stationId);
      }
      case 'GovernorateUpdated': {
        const d = event.data as { governorateId: string; nameEn: string; nameAr: string };
        const result = await stations.updateMany({ governorateId: d.governorateId }, { $set: { governorateNameEn: d.nameEn, governorateNameAr: d.nameAr } });
        if (result.modifiedCount > 0) changed(RM.stations);
        return;
      }
      case 'ChargerConnected':
      case 'ChargerDisconnected':
      case 'ChargerBooted':
      case 'ConnectorStatusChanged':
        return applyLive(event, documents, stations, changed);
      default:
        return applyCharger(event, documents, stations, changed);
    }
  },
};
