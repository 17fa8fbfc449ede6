import type { Actor } from '@evc/contracts';
import type { Projection } from '../runner/projection';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/** Stored statuses; `expired` is worked out when read (an open request past its upload window). */
export type StoredDiagnosticsStatus = 'requested' | 'accepted' | 'uploading' | 'uploaded' | 'failed';

/** One diagnostics request (`_id` = its request id). Never the upload token. */
export type DiagnosticsRequestDoc = {
  _id: string;
  requestId: string;
  chargerId: string;
  status: StoredDiagnosticsStatus;
  from: string | null;
  to: string | null;
  commandStatus: string | null;
  chargerStatus: string | null;
  failure: string | null;
  file: { fileId: string; name: string; size: number; contentType: string } | null;
  requestedBy: Actor;
  requestedAt: string;
  expiresAt: string;
  updatedAt: string;
  position: number;
};
export const DIAGNOSTICS_REQUESTS = readModel<DiagnosticsRequestDoc>(READ_MODELS.diagnosticsRequests);

/** The statuses a request is still open in (waiting for its file). */
const OPEN: StoredDiagnosticsStatus[] = ['requested', 'accepted', 'uploading'];

/**
 * `diagnostics_requests`: one document per diagnostics request (diagnostics-<chargerId>) with its status, the
 * charger's last report, why it failed and the kept file. Updates that move the status name the statuses they move
 * from, so replaying an event later than a final one changes nothing (idempotent).
 */
export const diagnosticsRequestsProjection: Projection = {
  name: 'diagnostics-requests',
  collections: [READ_MODELS.diagnosticsRequests],
  async setup(documents) {
    await documents.collection(READ_MODELS.diagnosticsRequests).createIndex({ chargerId: 1, requestedAt: -1 });
  },
  on: {
    async DiagnosticsRequested({ data, metadata, position }, { documents, changed }) {
      const { requestId, chargerId, from, to, expiresAt, at } = data;
      await DIAGNOSTICS_REQUESTS.in(documents).updateOne(
        { _id: requestId },
        {
          $set: { requestId, chargerId, from, to, expiresAt, requestedBy: metadata.actor, requestedAt: at },
          $setOnInsert: {
            status: 'requested',
            commandStatus: null,
            chargerStatus: null,
            failure: null,
            file: null,
            updatedAt: at,
            position,
          },
        },
        { upsert: true },
      );
      changed(READ_MODELS.diagnosticsRequests, requestId);
    },
    async DiagnosticsCommandAnswered({ data, position }, { documents, changed }) {
      const requests = DIAGNOSTICS_REQUESTS.in(documents);
      await requests.updateOne({ _id: data.requestId }, { $set: { commandStatus: data.status, updatedAt: data.at, position } });
      if (data.status === 'accepted')
        await requests.updateOne({ _id: data.requestId, status: 'requested' }, { $set: { status: 'accepted' } });
      else
        await requests.updateOne(
          { _id: data.requestId, status: { $in: OPEN } },
          { $set: { status: 'failed', failure: `command_${data.status}` } },
        );
      changed(READ_MODELS.diagnosticsRequests, data.requestId);
    },
    async DiagnosticsStatusReported({ data, position }, { documents, changed }) {
      const requests = DIAGNOSTICS_REQUESTS.in(documents);
      await requests.updateOne({ _id: data.requestId }, { $set: { chargerStatus: data.reportedStatus, updatedAt: data.at, position } });
      if (data.status === 'UploadFailed')
        await requests.updateOne(
          { _id: data.requestId, status: { $in: OPEN } },
          { $set: { status: 'failed', failure: 'charger_upload_failed' } },
        );
      else if (data.status === 'Uploading')
        await requests.updateOne({ _id: data.requestId, status: { $in: ['requested', 'accepted'] } }, { $set: { status: 'uploading' } });
      changed(READ_MODELS.diagnosticsRequests, data.requestId);
    },
    async DiagnosticsUploadStarted({ data, position }, { documents, changed }) {
      await DIAGNOSTICS_REQUESTS.in(documents).updateOne(
        { _id: data.requestId, status: { $in: ['requested', 'accepted'] } },
        { $set: { status: 'uploading', updatedAt: data.at, position } },
      );
      changed(READ_MODELS.diagnosticsRequests, data.requestId);
    },
    async DiagnosticsUploaded({ data, position }, { documents, changed }) {
      const { fileId, name, size, contentType } = data;
      await DIAGNOSTICS_REQUESTS.in(documents).updateOne(
        { _id: data.requestId },
        { $set: { status: 'uploaded', failure: null, file: { fileId, name, size, contentType }, updatedAt: data.at, position } },
      );
      changed(READ_MODELS.diagnosticsRequests, data.requestId);
    },
    async DiagnosticsUploadRefused({ data, position }, { documents, changed }) {
      await DIAGNOSTICS_REQUESTS.in(documents).updateOne(
        { _id: data.requestId, status: { $in: OPEN } },
        { $set: { failure: `upload_${data.reason}`, updatedAt: data.at, position } },
      );
      changed(READ_MODELS.diagnosticsRequests, data.requestId);
    },
  },
};
