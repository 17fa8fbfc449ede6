import { describe, expect, it } from 'vitest';
import type { DiagnosticsEvent } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { diagnosticsDecider as decider, type DiagnosticsCommand } from './diagnostics.decider';

const T0 = '2026-03-01T10:00:00.000Z';
const plus = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const chargerId = 'CP-1';
const request = (requestId = 'r-1', at = T0): Extract<DiagnosticsCommand, { kind: 'request' }> => ({
  kind: 'request',
  requestId,
  chargerId,
  commandId: requestId,
  token: `token-of-${requestId}`,
  from: null,
  to: null,
  at,
});
const start = (uploadId: string, at = plus(1), token = 'token-of-r-1'): DiagnosticsCommand => ({
  kind: 'upload-start',
  chargerId,
  token,
  uploadId,
  at,
});
const finish = (uploadId: string, at = plus(2)): DiagnosticsCommand => ({
  kind: 'upload-finish',
  chargerId,
  requestId: 'r-1',
  uploadId,
  fileId: 'f'.repeat(64),
  name: 'diag.txt',
  size: 10,
  contentType: 'text/plain',
  at,
});
const history = (...commands: DiagnosticsCommand[]): DiagnosticsEvent[] =>
  DeciderSpecification.for(decider)
    .given([])
    .when(...commands)
    .events();

describe('diagnostics decider', () => {
  it('records a request once, numbers GetLog requests per charger and keeps one open at a time', () => {
    DeciderSpecification.for(decider)
      .given([])
      .when(request(), request())
      .thenMatches([{ type: 'DiagnosticsRequested', data: { requestId: 'r-1', ocppRequestId: 1, expiresAt: plus(60) } }]);
    const requested = DeciderSpecification.for(decider).given(history(request()));
    requested.when(request('r-2', plus(30))).thenThrows('diagnostics.request_open');
    requested.when({ ...request(), from: T0 }).thenThrows('request.duplicate_id');
    // after the upload window the request is expired: a new one may be asked
    requested.when(request('r-2', plus(61))).thenMatches([{ type: 'DiagnosticsRequested', data: { ocppRequestId: 2 } }]);
  });

  it('an upload URL takes one file: the first upload holds it, a kept file spends it', () => {
    const requested = DeciderSpecification.for(decider).given(history(request()));
    requested.when(start('u-1'), start('u-2')).thenThrows('diagnostics.upload_busy');
    requested.when(start('u-1'), finish('u-1'), start('u-2', plus(3))).thenThrows('diagnostics.upload_refused');
    requested.when(start('u-1'), finish('u-2')).thenThrows('diagnostics.upload_refused');
    requested
      .when(start('u-1'), finish('u-1'))
      .thenMatches([{ type: 'DiagnosticsUploadStarted' }, { type: 'DiagnosticsUploaded', data: { uploadId: 'u-1', name: 'diag.txt' } }]);
  });

  it('a refused upload frees the URL; an abandoned one frees it after the claim time', () => {
    const requested = DeciderSpecification.for(decider).given(history(request()));
    const refuse: DiagnosticsCommand = {
      kind: 'upload-refuse',
      chargerId,
      requestId: 'r-1',
      uploadId: 'u-1',
      reason: 'too_large',
      at: plus(2),
    };
    requested
      .when(start('u-1'), refuse, start('u-2', plus(3)))
      .thenTypes(['DiagnosticsUploadStarted', 'DiagnosticsUploadRefused', 'DiagnosticsUploadStarted']);
    requested.when(start('u-1'), start('u-2', plus(12))).thenTypes(['DiagnosticsUploadStarted', 'DiagnosticsUploadStarted']);
  });

  it('refuses an unknown or expired token, and after the charger failed or refused', () => {
    const requested = DeciderSpecification.for(decider).given(history(request()));
    requested.when(start('u-1', plus(1), 'token-of-r-2')).thenThrows('diagnostics.upload_refused');
    requested.when(start('u-1', plus(61))).thenThrows('diagnostics.upload_refused');
    const failed: DiagnosticsCommand = {
      kind: 'status',
      chargerId,
      ocppRequestId: null,
      status: 'UploadFailed',
      reportedStatus: 'UploadFailed',
      at: plus(1),
    };
    requested.when(failed, start('u-1', plus(2))).thenThrows('diagnostics.upload_refused');
    const rejected: DiagnosticsCommand = {
      kind: 'command-answered',
      chargerId,
      commandId: 'r-1',
      status: 'rejected',
      fileName: null,
      at: plus(1),
    };
    requested.when(rejected, start('u-1', plus(2))).thenThrows('diagnostics.upload_refused');
    // once failed, a new request may be asked at once
    requested.when(rejected, request('r-2', plus(2))).thenTypes(['DiagnosticsCommandAnswered', 'DiagnosticsRequested']);
  });

  it('reads 1.6 status for the latest request and 2.0.1 status by its request id', () => {
    const two = history(
      request(),
      { kind: 'command-answered', chargerId, commandId: 'r-1', status: 'error', fileName: null, at: plus(1) },
      request('r-2', plus(2)),
    );
    const given = DeciderSpecification.for(decider).given(two);
    const status = (ocppRequestId: number | null): Extract<DiagnosticsCommand, { kind: 'status' }> => ({
      kind: 'status',
      chargerId,
      ocppRequestId,
      status: 'Uploading',
      reportedStatus: 'Uploading',
      at: plus(3),
    });
    given.when(status(null)).thenMatches([{ type: 'DiagnosticsStatusReported', data: { requestId: 'r-2' } }]);
    given.when(status(2)).thenMatches([{ type: 'DiagnosticsStatusReported', data: { requestId: 'r-2' } }]);
    // an unknown id is nobody's
    given.when(status(9)).thenNothingHappened();
    // request 1 failed already: its late report is recorded, and request 2 stays the open one
    given
      .when({ ...status(1), status: 'Uploaded', reportedStatus: 'Uploaded' }, request('r-3', plus(4)))
      .thenThrows('diagnostics.request_open');
    expect(two.map((e) => e.type)).toEqual(['DiagnosticsRequested', 'DiagnosticsCommandAnswered', 'DiagnosticsRequested']);
  });
});
