import type {
  AdminListQuery,
  ChargerAdminView,
  ChargerCommandView,
  OcppCommandsQuery,
  OcppFrame,
  OcppMessagesQuery,
  Paged,
  PricingChangeView,
  StationAdminView,
} from '@evc/contracts';
import type { DocumentStore, FrameLog } from '@evc/platform';
import {
  CHARGERS,
  OCPP_COMMANDS,
  PRICING_HISTORY,
  STATIONS,
  type ChargerDoc,
  type OcppCommandDoc,
  type PricingDoc,
  type StationDoc,
} from '@evc/projections';
import { runAdminList, type ListAnswer } from '../shared/admin-list';
import { ActorNames } from '../identity/index';

export const chargerAdminView = (d: ChargerDoc): ChargerAdminView => ({
  chargerId: d.chargerId,
  serialNumber: d.serialNumber,
  model: d.model,
  vendor: d.vendor,
  ocppVersion: d.ocppVersion,
  ipAddress: d.ipAddress,
  iccid: d.iccid,
  simNumber: d.simNumber,
  imsi: d.imsi,
  comment: d.comment,
  status: d.status,
  online: d.online,
  modelState: d.modelState,
  connectors: d.connectors,
  revision: d.revision,
  // Filled by what the charger reports (live stream, presence consumer): null until it has.
  firmwareVersion: d.firmwareVersion ?? null,
  reported: d.reported ?? null,
  lastBootAt: d.lastBootAt ?? null,
  lastHeartbeatAt: d.lastHeartbeatAt ?? null,
  lastSeenAt: d.lastSeenAt ?? null,
  lastConnectedAt: d.lastConnectedAt ?? null,
  lastDisconnectedAt: d.lastDisconnectedAt ?? null,
});

/** The station row without its chargers (the page's chargers come in one query, `withChargers`). */
export const stationAdminView = (d: StationDoc): StationAdminView => ({
  stationId: d.stationId,
  nameEn: d.nameEn,
  nameAr: d.nameAr,
  governorateId: d.governorateId,
  governorateNameEn: d.governorateNameEn,
  governorateNameAr: d.governorateNameAr,
  location: d.location,
  addressEn: d.addressEn,
  addressAr: d.addressAr,
  photoFileId: d.photoFileId ?? null,
  numberOfChargers: d.numberOfChargers,
  numberOutOfService: d.numberOutOfService,
  chargers: [],
  revision: d.revision,
  updatedAt: d.updatedAt,
});

export const chargerCommandView = (d: OcppCommandDoc, requestedByName: string | null): ChargerCommandView => ({
  commandId: d.commandId,
  chargerId: d.chargerId,
  action: d.action,
  request: d.request,
  status: d.status,
  ocppAction: d.ocppAction,
  protocol: d.protocol,
  response: d.response,
  error: d.error,
  requestedBy: { type: d.requestedBy.type, id: d.requestedBy.id, name: requestedByName },
  reason: d.reason ?? null,
  requestedAt: d.requestedAt,
  sentAt: d.sentAt,
  answeredAt: d.answeredAt,
});

export const pricingChangeView = (d: PricingDoc, changedByName: string | null): PricingChangeView => ({
  changeId: d._id,
  acPricePerKwh: d.acPricePerKwh,
  dcPricePerKwh: d.dcPricePerKwh,
  minimumCharge: d.minimumCharge,
  bookingFeePerMinute: d.bookingFeePerMinute,
  effectiveFrom: d.effectiveFrom,
  previous: d.previous,
  changedBy: { type: d.setBy.type, id: d.setBy.id, name: changedByName },
  changedAt: d.recordedAt,
  reason: d.reason,
});

/** Stations with their chargers (deleted ones hidden) and the history of prices, for staff. */
export class NetworkAdminQueries {
  private readonly names: ActorNames;
  constructor(
    private readonly documents: DocumentStore,
    private readonly frames: FrameLog,
  ) {
    this.names = new ActorNames(documents);
  }

  /** Staff commands to chargers (one charger, or all), newest first, with the asker's name. */
  async ocppCommands(q: OcppCommandsQuery): Promise<Paged<ChargerCommandView>> {
    const commands = OCPP_COMMANDS.in(this.documents);
    const filter = q.chargerId ? { chargerId: q.chargerId } : {};
    const [docs, totalCount] = await Promise.all([
      commands.find(filter, { sort: { requestedAt: -1, _id: -1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      commands.countDocuments(filter),
    ]);
    const names = await this.names.of(docs.map((d) => d.requestedBy.id));
    return { dataList: docs.map((d) => chargerCommandView(d, names.get(d.requestedBy.id) ?? null)), totalCount };
  }

  /** A charger's message log, newest first. */
  async ocppMessages(q: OcppMessagesQuery): Promise<Paged<OcppFrame>> {
    const { frames, total } = await this.frames.page(q.chargerId, { skip: (q.page - 1) * q.pageSize, limit: q.pageSize });
    return { dataList: frames, totalCount: total };
  }

  async stations(q: AdminListQuery & { governorateId?: string }): Promise<ListAnswer<StationAdminView>> {
    const answer = await runAdminList(
      {
        collection: STATIONS.in(this.documents),
        filter: q.governorateId ? { governorateId: q.governorateId } : {},
        sortable: {
          nameEn: 'nameEn',
          nameAr: 'nameAr',
          governorateNameEn: 'governorateNameEn',
          governorateNameAr: 'governorateNameAr',
          numberOfChargers: 'numberOfChargers',
          numberOutOfService: 'numberOutOfService',
          updatedAt: 'updatedAt',
        },
        defaultSort: { nameEn: 1, _id: 1 },
        toView: stationAdminView,
        columns: [
          { header: 'Name', value: (v) => v.nameEn },
          { header: 'Name (Arabic)', value: (v) => v.nameAr },
          { header: 'Governorate', value: (v) => v.governorateNameEn },
          { header: 'Address', value: (v) => v.addressEn },
          { header: 'Latitude', value: (v) => v.location.lat },
          { header: 'Longitude', value: (v) => v.location.lng },
          { header: 'Chargers', value: (v) => v.numberOfChargers },
          { header: 'Out of service', value: (v) => v.numberOutOfService },
        ],
      },
      q,
    );
    if (answer.kind === 'page') await this.withChargers(answer.page.dataList);
    return answer;
  }

  async station(stationId: string): Promise<StationAdminView | null> {
    const doc = await STATIONS.in(this.documents).findOne({ _id: stationId });
    if (!doc) return null;
    const view = stationAdminView(doc);
    await this.withChargers([view]);
    return view;
  }

  /** One query for the chargers of a whole page (indexed on stationId); deleted chargers stay out. */
  private async withChargers(stations: StationAdminView[]): Promise<void> {
    if (stations.length === 0) return;
    const docs = await CHARGERS.in(this.documents)
      .find({ stationId: { $in: stations.map((s) => s.stationId) } }, { sort: { chargerId: 1 } })
      .toArray();
    for (const station of stations) {
      station.chargers = docs.filter((c) => c.stationId === station.stationId && c.modelState !== 3).map(chargerAdminView);
    }
  }

  async pricingHistory(q: AdminListQuery): Promise<ListAnswer<PricingChangeView>> {
    const pricing = PRICING_HISTORY.in(this.documents);
    // Few people change prices: their names for every row (page or CSV) in one lookup.
    const authors = await pricing.aggregate<{ _id: string }>([{ $group: { _id: '$setBy.id' } }]).toArray();
    const names = await this.names.of(authors.map((a) => a._id));
    return runAdminList(
      {
        collection: pricing,
        sortable: { effectiveFrom: 'effectiveFrom', changedAt: 'recordedAt' },
        defaultSort: { position: -1 },
        toView: (d) => pricingChangeView(d, names.get(d.setBy.id) ?? null),
        columns: [
          { header: 'Changed at', value: (v) => v.changedAt },
          { header: 'Changed by', value: (v) => v.changedBy.name ?? v.changedBy.id },
          { header: 'Effective from', value: (v) => v.effectiveFrom },
          { header: 'AC per kWh (old)', value: (v) => v.previous?.acPricePerKwh },
          { header: 'AC per kWh', value: (v) => v.acPricePerKwh },
          { header: 'DC per kWh (old)', value: (v) => v.previous?.dcPricePerKwh },
          { header: 'DC per kWh', value: (v) => v.dcPricePerKwh },
          { header: 'Minimum charge (old)', value: (v) => v.previous?.minimumCharge },
          { header: 'Minimum charge', value: (v) => v.minimumCharge },
          { header: 'Booking fee per minute (old)', value: (v) => v.previous?.bookingFeePerMinute },
          { header: 'Booking fee per minute', value: (v) => v.bookingFeePerMinute },
          { header: 'Reason', value: (v) => v.reason },
        ],
      },
      q,
    );
  }
}
