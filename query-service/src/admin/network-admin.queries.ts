import type { AdminListQuery, ChargerAdminView, ChargerCommandView, OcppCommandsQuery, OcppFrame, OcppMessagesQuery, Paged, PricingChangeView, StationAdminView } from '@evc/contracts';
import type { Doc, DocumentStore } from '@evc/platform';
import { RM } from '@evc/projections';
import { runAdminList, type ListAnswer } from './admin-list';
import { ActorNames } from './actor-names';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const orNull = (v: unknown) => (typeof v === 'string' ? v : null);

const chargerView = (d: Doc): ChargerAdminView => ({
  chargerId: str(d.chargerId),
  serialNumber: str(d.serialNumber),
  model: str(d.model),
  vendor: str(d.vendor),
  ocppVersion: d.ocppVersion as ChargerAdminView['ocppVersion'],
  ipAddress: orNull(d.ipAddress),
  iccid: orNull(d.iccid),
  simNumber: orNull(d.simNumber),
  imsi: orNull(d.imsi),
  comment: orNull(d.comment),
  status: str(d.status),
  online: d.online === true,
  modelState: Number(d.modelState ?? 0),
  connectors: (d.connectors as ChargerAdminView['connectors'] | undefined) ?? [],
  revision: Number(d.revision ?? 0),
  firmwareVersion: orNull(d.firmwareVersion),
  reported: (d.reported as ChargerAdminView['reported'] | undefined) ?? null,
  lastBootAt: orNull(d.lastBootAt),
  lastHeartbeatAt: orNull(d.lastHeartbeatAt),
  lastSeenAt: orNull(d.lastSeenAt),
  lastConnectedAt: orNull(d.lastConnectedAt),
  lastDisconnectedAt: orNull(d.lastDisconnectedAt),
});

const stationView = (d: Doc): StationAdminView => ({
  stationId: str(d.stationId),
  nameEn: str(d.nameEn),
  nameAr: str(d.nameAr),
  governorateId: str(d.governorateId),
  governorateNameEn: str(d.governorateNameEn),
  governorateNameAr: str(d.governorateNameAr),
  location: d.location as StationAdminView['location'],
  addressEn: str(d.addressEn),
  addressAr: str(d.addressAr),
  photoFileId: orNull(d.photoFileId),
  numberOfChargers: Number(d.numberOfChargers ?? 0),
  numberOutOfService: Number(d.numberOutOfService ?? 0),
  chargers: [],
  revision: Number(d.revision ?? 0),
  updatedAt: str(d.updatedAt),
});

/** Stations with their chargers (deleted ones hidden) and the history of prices, for staff. */
export class NetworkAdminQueries {
  private readonly names: ActorNames;
  constructor(private readonly documents: DocumentStore) {
    this.names = new ActorNames(documents);
  }

  /** Staff commands to chargers (one charger, or all), newest first, with the asker's name. */
  async ocppCommands(q: OcppCommandsQuery): Promise<Paged<ChargerCommandView>> {
    const commands = this.documents.collection(RM.ocppCommands);
    const filter = q.chargerId ? { chargerId: q.chargerId } : {};
    const [docs, totalCount] = await Promise.all([
      commands.find(filter, { sort: { requestedAt: -1, _id: -1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      commands.countDocuments(filter),
    ]);
    const names = await this.names.of(docs.map((d) => String((d.requestedBy as { id?: string } | undefined)?.id ?? '')).filter(Boolean));
    const dataList = docs.map((d): ChargerCommandView => {
      const by = (d.requestedBy ?? { type: 'system', id: 'system' }) as ChargerCommandView['requestedBy'];
      return {
        commandId: String(d._id),
        chargerId: String(d.chargerId),
        action: String(d.action),
        request: (d.request ?? {}) as Record<string, unknown>,
        status: d.status as ChargerCommandView['status'],
        ocppAction: (d.ocppAction as string | null) ?? null,
        protocol: (d.protocol as string | null) ?? null,
        response: d.response ?? null,
        error: (d.error as string | null) ?? null,
        requestedBy: { type: by.type, id: by.id, name: names.get(by.id) ?? null },
        requestedAt: String(d.requestedAt),
        sentAt: (d.sentAt as string | null) ?? null,
        answeredAt: (d.answeredAt as string | null) ?? null,
      };
    });
    return { dataList, totalCount };
  }

  /** A charger's message log, newest first. */
  async ocppMessages(q: OcppMessagesQuery): Promise<Paged<OcppFrame>> {
    const log = this.documents.collection(RM.ocppMessages);
    const filter = { chargerId: q.chargerId };
    const [docs, totalCount] = await Promise.all([
      log.find(filter, { sort: { at: -1, frameId: -1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      log.countDocuments(filter),
    ]);
    return { dataList: docs.map(({ _id, ...frame }) => frame as OcppFrame), totalCount };
  }

  async stations(q: AdminListQuery & { governorateId?: string }): Promise<ListAnswer<StationAdminView>> {
    const answer = await runAdminList(
      {
        collection: this.documents.collection(RM.stations),
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
        toView: stationView,
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
    const doc = await this.documents.collection(RM.stations).findOne({ _id: stationId });
    if (!doc) return null;
    const view = stationView(doc);
    await this.withChargers([view]);
    return view;
  }

  /** One query for the chargers of a whole page (indexed on stationId); deleted chargers stay out. */
  private async withChargers(stations: StationAdminView[]): Promise<void> {
    if (stations.length === 0) return;
    const docs = await this.documents
      .collection(RM.chargers)
      .find({ stationId: { $in: stations.map((s) => s.stationId) } }, { sort: { chargerId: 1 } })
      .toArray();
    for (const station of stations) {
      station.chargers = docs.filter((c) => c.stationId === station.stationId && c.modelState !== 3).map(chargerView);
    }
  }

  async pricingHistory(q: AdminListQuery): Promise<ListAnswer<PricingChangeView>> {
    const pricing = this.documents.collection(RM.pricing);
    // Few people change prices: their names for every row (page or CSV) in one lookup.
    const authors = await pricing.aggregate<{ _id: string }>([{ $group: { _id: '$setBy.id' } }]).toArray();
    const names = await this.names.of(authors.map((a) => String(a._id)));
    return runAdminList(
      {
        collection: pricing,
        sortable: { effectiveFrom: 'effectiveFrom', changedAt: 'recordedAt' },
        defaultSort: { position: -1 },
        toView: (d): PricingChangeView => {
          const actor = (d.setBy as { type?: string; id?: string } | undefined) ?? {};
          return {
            changeId: String(d._id),
            acPricePerKwh: Number(d.acPricePerKwh),
            dcPricePerKwh: Number(d.dcPricePerKwh),
            minimumCharge: Number(d.minimumCharge),
            bookingFeePerMinute: Number(d.bookingFeePerMinute),
            effectiveFrom: str(d.effectiveFrom),
            previous: (d.previous as PricingChangeView['previous'] | undefined) ?? null,
            changedBy: { type: str(actor.type), id: str(actor.id), name: names.get(str(actor.id)) ?? null },
            changedAt: str(d.recordedAt),
            reason: orNull(d.reason),
          };
        },
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
