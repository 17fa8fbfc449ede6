import type { CampaignChargerView, FirmwareCampaignView, FirmwareFileView } from '@evc/contracts';
import type { EventHandler, Projection, ProjectionContext, RecordedEventOf } from '../runner/projection';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

export type FirmwareFileDoc = FirmwareFileView & { _id: string; position: number };
export type FirmwareCampaignDoc = FirmwareCampaignView & { _id: string; position: number };
export const FIRMWARE_FILES = readModel<FirmwareFileDoc>(READ_MODELS.firmwareFiles);
export const FIRMWARE_CAMPAIGNS = readModel<FirmwareCampaignDoc>(READ_MODELS.firmwareCampaigns);

/** Staff changes only: no customer is named, and staff with firmware.manage follow them on /api/live/me. */
const STAFF_ONLY: readonly string[] = [];

type CampaignEventType =
  | 'FirmwareWaveStarted'
  | 'FirmwareUpdateWaiting'
  | 'FirmwareUpdateRequested'
  | 'FirmwareUpdateRequeued'
  | 'FirmwareStatusChanged'
  | 'FirmwareChargerRebooted'
  | 'FirmwareChargerFailed'
  | 'FirmwareWaveCompleted'
  | 'FirmwareCampaignStopped'
  | 'FirmwareCampaignCompleted';

/**
 * Applies one campaign event to its document: each event once (the document keeps the position of the last it
 * applied, and events of one stream arrive in order), so a replay from an older checkpoint changes nothing.
 */
function onCampaign<K extends CampaignEventType>(change: (doc: FirmwareCampaignDoc, event: RecordedEventOf<K>) => void): EventHandler<K> {
  return async (event, { documents, changed }: ProjectionContext) => {
    const campaigns = FIRMWARE_CAMPAIGNS.in(documents);
    const doc = await campaigns.findOne({ _id: event.data.campaignId });
    if (!doc || doc.position >= event.position) return;
    change(doc, event);
    doc.updated = doc.chargers.filter((c) => c.state === 'updated').length;
    doc.position = event.position;
    await campaigns.replaceOne({ _id: doc._id }, doc);
    changed(READ_MODELS.firmwareCampaigns, doc._id, STAFF_ONLY);
  };
}

/** One charger of a campaign document, changed in place. */
function charger(doc: FirmwareCampaignDoc, chargerId: string, at: string, change: Partial<CampaignChargerView>) {
  const c = doc.chargers.find((x) => x.chargerId === chargerId);
  if (c) Object.assign(c, change, { changedAt: at });
}

/** `firmware_files` and `firmware_campaigns`: what staff upload, and each campaign with every charger's progress. */
export const firmwareProjection: Projection = {
  name: 'firmware',
  collections: [READ_MODELS.firmwareFiles, READ_MODELS.firmwareCampaigns],
  async setup(documents) {
    await documents.collection(READ_MODELS.firmwareFiles).createIndex({ uploadedAt: -1 });
    await documents.collection(READ_MODELS.firmwareCampaigns).createIndex({ startedAt: -1 });
  },
  on: {
    async FirmwareFileAdded({ data: d, metadata, position }, { documents, changed }) {
      const doc: FirmwareFileDoc = {
        _id: d.firmwareId,
        firmwareId: d.firmwareId,
        version: d.version,
        fileName: d.fileName,
        size: d.size,
        checksum: d.checksum,
        uploadedAt: d.at,
        uploadedBy: { type: metadata.actor.type, id: metadata.actor.id },
        position,
      };
      await FIRMWARE_FILES.in(documents).replaceOne({ _id: doc._id }, doc, { upsert: true });
      changed(READ_MODELS.firmwareFiles, doc._id, STAFF_ONLY);
    },
    async FirmwareCampaignStarted({ data: d, metadata, position }, { documents, changed }) {
      const doc: FirmwareCampaignDoc = {
        _id: d.campaignId,
        campaignId: d.campaignId,
        firmwareId: d.firmware.firmwareId,
        version: d.firmware.version,
        fileName: d.firmware.fileName,
        status: 'running',
        wave: 0,
        waves: d.waves.length,
        total: d.waves.flat().length,
        updated: 0,
        startedAt: d.at,
        startedBy: { type: metadata.actor.type, id: metadata.actor.id },
        endedAt: null,
        stoppedBecause: null,
        chargers: d.waves.flatMap((ids, wave) =>
          ids.map((chargerId) => ({
            chargerId,
            wave,
            state: 'queued' as const,
            reportedStatus: null,
            waitingBecause: null,
            failure: null,
            changedAt: d.at,
          })),
        ),
        position,
      };
      await FIRMWARE_CAMPAIGNS.in(documents).replaceOne({ _id: doc._id }, doc, { upsert: true });
      changed(READ_MODELS.firmwareCampaigns, doc._id, STAFF_ONLY);
    },
    FirmwareWaveStarted: onCampaign((doc, { data }) => void (doc.wave = data.wave)),
    FirmwareUpdateWaiting: onCampaign((doc, { data }) =>
      charger(doc, data.chargerId, data.at, { state: 'waiting', waitingBecause: data.because }),
    ),
    FirmwareUpdateRequested: onCampaign((doc, { data }) =>
      charger(doc, data.chargerId, data.at, { state: 'requested', waitingBecause: null }),
    ),
    FirmwareUpdateRequeued: onCampaign((doc, { data }) => charger(doc, data.chargerId, data.at, { state: 'queued' })),
    FirmwareStatusChanged: onCampaign((doc, { data }) =>
      charger(doc, data.chargerId, data.at, { state: data.state, reportedStatus: data.reportedStatus }),
    ),
    FirmwareChargerRebooted: onCampaign((doc, { data }) => {
      if (data.updated) charger(doc, data.chargerId, data.at, { state: 'updated' });
    }),
    FirmwareChargerFailed: onCampaign((doc, { data }) => {
      const { chargerId, cause, detail, at } = data;
      charger(doc, chargerId, at, { state: 'failed', failure: { chargerId, cause, detail, at } });
    }),
    FirmwareWaveCompleted: onCampaign(() => undefined),
    FirmwareCampaignStopped: onCampaign((doc, { data }) => {
      const { chargerId, cause, detail, at } = data;
      Object.assign(doc, { status: 'stopped', endedAt: at, stoppedBecause: { chargerId, cause, detail, at } });
    }),
    FirmwareCampaignCompleted: onCampaign((doc, { data }) => Object.assign(doc, { status: 'completed', endedAt: data.at })),
  },
};
