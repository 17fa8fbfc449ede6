import { Inject, Injectable } from '@nestjs/common';
import type { FirmwareCampaignSummary, FirmwareCampaignView, FirmwareCandidateView, FirmwareFileView } from '@evc/contracts';
import type { DocumentStore, Filter } from '@evc/platform';
import { CHARGERS, FIRMWARE_CAMPAIGNS, FIRMWARE_FILES, STATIONS, type FirmwareCampaignDoc, type FirmwareFileDoc } from '@evc/projections';
import { found, type Answers, type QueryAnswers } from '../shared/answers';
import { exactly } from '../shared/exact-view';
import { DOCUMENTS } from '../shared/tokens';

type FirmwareQueryId = 'firmware.files' | 'firmware.chargers' | 'firmware.campaigns' | 'firmware.campaign';

/** Chargers a campaign may take at most (the start command's limit). */
const CANDIDATES_MAX = 5000;

export function firmwareFileView(d: FirmwareFileDoc): FirmwareFileView {
  const { _id, position, ...view } = d;
  return exactly<FirmwareFileView>()(view);
}

export function firmwareCampaignView(d: FirmwareCampaignDoc): FirmwareCampaignView {
  const { _id, position, ...view } = d;
  return exactly<FirmwareCampaignView>()(view);
}

export function firmwareCampaignSummary(d: FirmwareCampaignDoc): FirmwareCampaignSummary {
  const { chargers, ...summary } = firmwareCampaignView(d);
  return exactly<FirmwareCampaignSummary>()(summary);
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Firmware images, the chargers a campaign may take (by station, vendor, model, version), and the campaigns. */
@Injectable()
export class FirmwareAnswers implements QueryAnswers {
  readonly answers: Answers<FirmwareQueryId>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const page = <T>(items: T[], q: { page: number; pageSize: number }) => ({
      dataList: items.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
      totalCount: items.length,
    });
    this.answers = {
      'firmware.files': async (q) => {
        const filter: Filter = q.q
          ? { $or: [{ version: { $regex: escaped(q.q), $options: 'i' } }, { fileName: { $regex: escaped(q.q), $options: 'i' } }] }
          : {};
        const files = await FIRMWARE_FILES.in(documents)
          .find(filter, { sort: { uploadedAt: -1 } })
          .toArray();
        return page(files.map(firmwareFileView), q);
      },
      'firmware.chargers': async (q) => {
        const filter: Filter = { modelState: { $ne: 3 }, ...(q.stationId ? { stationId: q.stationId } : {}) };
        const chargers = await CHARGERS.in(documents)
          .find(filter, { sort: { _id: 1 }, limit: 20_000 })
          .toArray();
        const stations = new Map(
          (
            await STATIONS.in(documents)
              .find({}, { projection: { nameEn: 1, nameAr: 1 } })
              .toArray()
          ).map((s) => [s._id, s]),
        );
        const views = chargers.map(
          (c): FirmwareCandidateView => ({
            chargerId: c.chargerId,
            stationId: c.stationId,
            stationNameEn: stations.get(c.stationId)?.nameEn ?? c.stationId,
            stationNameAr: stations.get(c.stationId)?.nameAr ?? c.stationId,
            vendor: c.reported?.vendor ?? c.vendor ?? null,
            model: c.reported?.model ?? c.model ?? null,
            firmwareVersion: c.firmwareVersion ?? null,
            online: c.online,
          }),
        );
        const dataList = views
          .filter((v) => (!q.vendor || v.vendor === q.vendor) && (!q.model || v.model === q.model))
          .filter((v) => !q.firmwareVersion || v.firmwareVersion === q.firmwareVersion)
          .slice(0, CANDIDATES_MAX);
        return { dataList };
      },
      'firmware.campaigns': async (q) => {
        const campaigns = await FIRMWARE_CAMPAIGNS.in(documents)
          .find({}, { sort: { startedAt: -1 } })
          .toArray();
        return page(campaigns.map(firmwareCampaignSummary), q);
      },
      'firmware.campaign': async ({ campaignId }) => {
        const doc = await FIRMWARE_CAMPAIGNS.in(documents).findOne({ _id: campaignId });
        return firmwareCampaignView(found(doc, 'firmware.campaign_not_found', 'No such campaign'));
      },
    };
  }
}
