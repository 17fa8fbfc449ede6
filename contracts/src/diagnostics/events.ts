import type { DiagnosticsChargerStatus } from './schemas';

/** One stream per charger: its diagnostics requests in order (1.6 status notifications name no request). */
export const diagnosticsStreams = { charger: (chargerId: string) => `diagnostics-${chargerId}` };

/**
 * Events of `diagnostics-<chargerId>`. `token` is the secret part of the upload URL: it is in the charger command's
 * location too, and never in a read model or a view.
 */
export type DiagnosticsRequested = {
  type: 'DiagnosticsRequested';
  data: {
    requestId: string;
    chargerId: string;
    /** The charger command that carries the request (`charger-command-<commandId>`). */
    commandId: string;
    /** 2.0.1 GetLog requestId: a number per charger, counting up. */
    ocppRequestId: number;
    token: string;
    from: string | null;
    to: string | null;
    expiresAt: string;
    at: string;
  };
};
/** The charger command's outcome: `accepted` or why the charger will not upload; `fileName` the charger's answer. */
export type DiagnosticsCommandAnswered = {
  type: 'DiagnosticsCommandAnswered';
  data: { requestId: string; chargerId: string; status: string; fileName: string | null; at: string };
};
export type DiagnosticsStatusReported = {
  type: 'DiagnosticsStatusReported';
  data: { requestId: string; chargerId: string; status: DiagnosticsChargerStatus; reportedStatus: string; at: string };
};
/** An upload began on the URL: it holds the URL until it ends (or DIAGNOSTICS_UPLOAD_CLAIM_MS passes). */
export type DiagnosticsUploadStarted = {
  type: 'DiagnosticsUploadStarted';
  data: { requestId: string; chargerId: string; uploadId: string; at: string };
};
/** The file is kept: the URL is spent. */
export type DiagnosticsUploaded = {
  type: 'DiagnosticsUploaded';
  data: {
    requestId: string;
    chargerId: string;
    uploadId: string;
    fileId: string;
    name: string;
    size: number;
    contentType: string;
    at: string;
  };
};
/** An upload was refused (too large, empty, broken off): nothing kept, the URL free again. */
export type DiagnosticsUploadRefused = {
  type: 'DiagnosticsUploadRefused';
  data: { requestId: string; chargerId: string; uploadId: string; reason: 'too_large' | 'empty' | 'broken'; at: string };
};

export type DiagnosticsEvent =
  | DiagnosticsRequested
  | DiagnosticsCommandAnswered
  | DiagnosticsStatusReported
  | DiagnosticsUploadStarted
  | DiagnosticsUploaded
  | DiagnosticsUploadRefused;
