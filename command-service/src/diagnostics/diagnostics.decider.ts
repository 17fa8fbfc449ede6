import { timingSafeEqual } from 'node:crypto';
import {
  DIAGNOSTICS_UPLOAD_CLAIM_MS,
  DIAGNOSTICS_UPLOAD_WINDOW_MS,
  type DiagnosticsChargerStatus,
  type DiagnosticsEvent,
  type DiagnosticsUploadRefused,
} from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/**
 * What `diagnostics-<chargerId>` is asked. Every command carries `at`, the time it is decided at: the upload window
 * and an abandoned upload's hold on the URL are rules of time.
 */
export type DiagnosticsCommand =
  | {
      kind: 'request';
      requestId: string;
      chargerId: string;
      commandId: string;
      token: string;
      from: string | null;
      to: string | null;
      at: string;
    }
  | { kind: 'command-answered'; chargerId: string; commandId: string; status: string; fileName: string | null; at: string }
  | {
      kind: 'status';
      chargerId: string;
      ocppRequestId: number | null;
      status: DiagnosticsChargerStatus;
      reportedStatus: string;
      at: string;
    }
  | { kind: 'upload-start'; chargerId: string; token: string; uploadId: string; at: string }
  | {
      kind: 'upload-finish';
      chargerId: string;
      requestId: string;
      uploadId: string;
      fileId: string;
      name: string;
      size: number;
      contentType: string;
      at: string;
    }
  | {
      kind: 'upload-refuse';
      chargerId: string;
      requestId: string;
      uploadId: string;
      reason: DiagnosticsUploadRefused['data']['reason'];
      at: string;
    };

export interface DiagnosticsRequestState {
  requestId: string;
  commandId: string;
  ocppRequestId: number;
  token: string;
  from: string | null;
  to: string | null;
  expiresAt: string;
  /** open: waiting for its file; uploaded: the URL is spent; failed: the charger will not upload. */
  outcome: 'open' | 'uploaded' | 'failed';
  commandAnswered: boolean;
  /** The upload under way on the URL, and since when. */
  upload: { uploadId: string; since: string } | null;
  /** The kept file. */
  file: { fileId: string; name: string; size: number; contentType: string } | null;
}

export interface DiagnosticsState {
  /** The charger's requests, oldest first. */
  requests: DiagnosticsRequestState[];
}

const isOpen = (r: DiagnosticsRequestState, at: string) => r.outcome === 'open' && at <= r.expiresAt;

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const refused = () =>
  new DomainError('diagnostics.upload_refused', 'This upload URL is not valid (unknown, used, expired or another charger’s)');

const update = (state: DiagnosticsState, requestId: string, change: (r: DiagnosticsRequestState) => DiagnosticsRequestState) => ({
  requests: state.requests.map((r) => (r.requestId === requestId ? change(r) : r)),
});

const addMs = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * A charger's diagnostics requests. One open at a time (a charger uploads one file at a time); the same request id
 * again is a no-op. Each request's upload URL takes one file: an upload claims the URL (DiagnosticsUploadStarted),
 * so of uploads arriving together one goes on and the others are refused; a refused upload (too large, broken off)
 * frees it again, a kept file spends it. The URL works only within the upload window, only for this charger's
 * stream, and not after the charger said it failed or refused the command.
 */
export const diagnosticsDecider: Decider<DiagnosticsCommand, DiagnosticsEvent, DiagnosticsState> = {
  initialState: { requests: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'DiagnosticsRequested': {
        const { requestId, commandId, ocppRequestId, token, from, to, expiresAt } = event.data;
        const request: DiagnosticsRequestState = {
          requestId,
          commandId,
          ocppRequestId,
          token,
          from,
          to,
          expiresAt,
          outcome: 'open',
          commandAnswered: false,
          upload: null,
          file: null,
        };
        return { requests: [...state.requests, request] };
      }
      case 'DiagnosticsCommandAnswered':
        return update(state, event.data.requestId, (r) => ({
          ...r,
          commandAnswered: true,
          outcome: event.data.status === 'accepted' || r.outcome !== 'open' ? r.outcome : 'failed',
        }));
      case 'DiagnosticsStatusReported':
        return update(state, event.data.requestId, (r) => ({
          ...r,
          outcome: event.data.status === 'UploadFailed' && r.outcome === 'open' ? 'failed' : r.outcome,
        }));
      case 'DiagnosticsUploadStarted':
        return update(state, event.data.requestId, (r) => ({ ...r, upload: { uploadId: event.data.uploadId, since: event.data.at } }));
      case 'DiagnosticsUploaded': {
        const { fileId, name, size, contentType } = event.data;
        return update(state, event.data.requestId, (r) => ({
          ...r,
          upload: null,
          outcome: 'uploaded',
          file: { fileId, name, size, contentType },
        }));
      }
      case 'DiagnosticsUploadRefused':
        return update(state, event.data.requestId, (r) => ({ ...r, upload: null }));
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'request': {
        const { requestId, chargerId, commandId, token, from, to, at } = command;
        const known = state.requests.find((r) => r.requestId === requestId);
        if (known) {
          if (known.from === from && known.to === to) return [];
          throw new DomainError('request.duplicate_id', 'This request id was already used for another request', [
            { path: 'requestId', code: 'exists' },
          ]);
        }
        if (state.requests.some((r) => isOpen(r, at)))
          throw new DomainError('diagnostics.request_open', 'The charger has a diagnostics request under way');
        const ocppRequestId = (state.requests.at(-1)?.ocppRequestId ?? 0) + 1;
        const expiresAt = addMs(at, DIAGNOSTICS_UPLOAD_WINDOW_MS);
        return [{ type: 'DiagnosticsRequested', data: { requestId, chargerId, commandId, ocppRequestId, token, from, to, expiresAt, at } }];
      }
      case 'command-answered': {
        const r = state.requests.find((x) => x.commandId === command.commandId);
        if (!r || r.commandAnswered) return [];
        const { chargerId, status, fileName, at } = command;
        return [{ type: 'DiagnosticsCommandAnswered', data: { requestId: r.requestId, chargerId, status, fileName, at } }];
      }
      case 'status': {
        // 1.6 names no request: the latest; 2.0.1 its GetLog requestId.
        const r =
          command.ocppRequestId === null ? state.requests.at(-1) : state.requests.find((x) => x.ocppRequestId === command.ocppRequestId);
        // Recorded for any request of the charger's (its word after the file was kept, too); only an open request fails by it.
        if (!r) return [];
        const { chargerId, status, reportedStatus, at } = command;
        return [{ type: 'DiagnosticsStatusReported', data: { requestId: r.requestId, chargerId, status, reportedStatus, at } }];
      }
      case 'upload-start': {
        const { chargerId, token, uploadId, at } = command;
        const r = state.requests.find((x) => sameSecret(x.token, token));
        if (!r || !isOpen(r, at)) throw refused();
        if (r.upload && at < addMs(r.upload.since, DIAGNOSTICS_UPLOAD_CLAIM_MS))
          throw new DomainError('diagnostics.upload_busy', 'Another upload to this URL is under way');
        return [{ type: 'DiagnosticsUploadStarted', data: { requestId: r.requestId, chargerId, uploadId, at } }];
      }
      case 'upload-finish': {
        const { chargerId, requestId, uploadId, fileId, name, size, contentType, at } = command;
        const r = state.requests.find((x) => x.requestId === requestId);
        // The upload lost its hold (it took longer than the claim and another took the URL): its file is not kept.
        if (!r || r.outcome !== 'open' || r.upload?.uploadId !== uploadId) throw refused();
        return [{ type: 'DiagnosticsUploaded', data: { requestId, chargerId, uploadId, fileId, name, size, contentType, at } }];
      }
      case 'upload-refuse': {
        const { chargerId, requestId, uploadId, reason, at } = command;
        const r = state.requests.find((x) => x.requestId === requestId);
        if (r?.upload?.uploadId !== uploadId) return [];
        return [{ type: 'DiagnosticsUploadRefused', data: { requestId, chargerId, uploadId, reason, at } }];
      }
    }
  },
};

/** The request a token opens, for the upload endpoint's answers (null: none). */
export const requestOfToken = (state: DiagnosticsState, token: string) => state.requests.find((r) => sameSecret(r.token, token)) ?? null;
