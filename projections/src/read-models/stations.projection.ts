import { geoCellOf, type ConnectorView, type RegisterCharger, type RegisterStation, type StationView } from '@evc/contracts';
import type { Doc } from '@evc/platform';
import type { Projection } from '../runner/projection';
import { RM } from './collections';

type StationDoc = StationView & Doc & { _id: string; geoCell: string; searchText: string; updatedAt: string; position: number };

/** Totals shown on station cards and used by filters; recomputed from the charger list on every change. */
export function stationTotals(chargers: StationView['chargers']) {
  const connectors = chargers.flatMap((c) => c.connectors);
  const outOfService = chargers.filter((c) => c.connectors.every((k) => k.status === 'faulted' || k.status === 'unavailable')).length;
  return {
    numberOfChargers: chargers.length,
    numberOutOfService: outOfService,
    totalConnectors: connectors.length,
    availableConnectors: connectors.filter((k) => k.status === 'available').length,
    connectorTypes: [...new Set(connectors.map((k) => k.type))].sort(),
    maxPowerKw: connectors.reduce((m, k) => Math.max(m, k.maxPowerKw), 0),
  };
}

/** The public stations read model: a station with its chargers and connectors, ready to show. */
export const stationsProjection: Projection = {
  name: 'stations',
  collections: [RM.stations, RM.chargerAuth],
  handles: ['StationRegistered', 'ChargerRegistered'],
  async setup(documents) {
    const stations = documents.collection(RM.stations);
    await stations.createIndex({ governorateId: 1 });
    await stations.createIndex({ geoCell: 1 });
    await documents.collection(RM.chargerAuth).createIndex({ stationId: 1 });
  },
  async apply(event, { documents, changed }) {
    const stations = documents.collection<StationDoc>(RM.stations);
    if (event.type === 'StationRegistered') {
      const d = event.data as RegisterStation;
      const gov = await documents.collection(RM.governorates).findOne({ _id: d.governorateId });
      const existing = await stations.findOne({ _id: d.stationId });
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
      };
      await stations.replaceOne({ _id: d.stationId }, doc, { upsert: true });
      changed(RM.stations, d.stationId);
    } else if (event.type === 'ChargerRegistered') {
      const d = event.data as RegisterCharger;
      const station = await stations.findOne({ _id: d.stationId });
      if (!station) return; // the command side guarantees the station exists; tolerate a partial replay
      const connectors: ConnectorView[] = d.connectors.map((c) => ({ ...c, status: 'unknown' }));
      const charger = { chargerId: d.chargerId, serialNumber: d.serialNumber, model: d.model, vendor: d.vendor, ocppVersion: d.ocppVersion, online: false, connectors };
      const chargers = [...station.chargers.filter((c) => c.chargerId !== d.chargerId), charger];
      await stations.updateOne(
        { _id: d.stationId },
        { $set: { chargers, ...stationTotals(chargers), updatedAt: event.metadata.occurredAt, position: event.position } },
      );
      await documents.collection(RM.chargerAuth).updateOne(
        { _id: d.chargerId },
        { $set: { chargerId: d.chargerId, stationId: d.stationId, secretHash: d.secretHash, ocppVersion: d.ocppVersion, deleted: false } },
        { upsert: true },
      );
      changed(RM.stations, d.stationId);
    }
  },
};
