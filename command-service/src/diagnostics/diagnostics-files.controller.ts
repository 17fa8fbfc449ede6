import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { DIAGNOSTICS_TEXT_MAX_BYTES, diagnosticsStreams, operations, type DiagnosticsText } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { FileStore, StoredFile } from '@evc/platform/files/index';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import { FILE_STORE } from '../files/index';
import { loadState } from '../shared/load-state';
import type { RequestLike } from '../shared/http/request-context';
import { EVENT_STORE } from '../shared/tokens';
import { diagnosticsDecider } from './diagnostics.decider';

interface BinaryReply {
  header(name: string, value: string): BinaryReply;
  status(code: number): BinaryReply;
  send(body?: unknown): void;
}

/**
 * Text when the head decodes as UTF-8 without control characters other than tab, line breaks and form feed; a
 * multi-byte character cut at the end of the head does not count.
 */
export function isText(head: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const body = text.endsWith('\uFFFD') ? text.replace(/\uFFFD{1,3}$/, '') : text;
  // eslint-disable-next-line no-control-regex
  return !body.includes('\uFFFD') && !/[\u0000-\u0008\u000E-\u001F\u007F]/.test(body);
}

/**
 * GET /api/diagnostics/:chargerId/:requestId/file (a download, never rendered by the browser) and .../text (the
 * head of the file as text for the screen, which shows it as text: escaped by React, never as HTML), both for staff
 * with diagnostics.manage.
 */
@Controller('api/diagnostics')
export class DiagnosticsFilesController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
  ) {}

  @Get(':chargerId/:requestId/file')
  async file(@Param() params: unknown, @Req() req: RequestLike, @Res() reply: BinaryReply): Promise<void> {
    await this.auth.authorize(operations['diagnostics.file'].access, req);
    const { name, stored } = await this.fileOf(params);
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .status(200)
      .send(stored.bytes);
  }

  @Get(':chargerId/:requestId/text')
  async text(@Param() params: unknown, @Req() req: RequestLike): Promise<DiagnosticsText> {
    await this.auth.authorize(operations['diagnostics.text'].access, req);
    const { name, stored } = await this.fileOf(params);
    const head = stored.bytes.subarray(0, DIAGNOSTICS_TEXT_MAX_BYTES);
    const binary = !isText(head);
    return {
      name,
      size: stored.bytes.length,
      binary,
      truncated: stored.bytes.length > head.length,
      text: binary ? null : new TextDecoder('utf-8').decode(head).replace(/\uFFFD{1,3}$/, ''),
    };
  }

  private async fileOf(params: unknown): Promise<{ name: string; stored: StoredFile }> {
    const { chargerId, requestId } = parseInput(operations['diagnostics.file'].params, params);
    const { state } = await loadState(this.store, diagnosticsStreams.charger(chargerId), diagnosticsDecider);
    const request = state.requests.find((r) => r.requestId === requestId);
    if (!request) throw new ApiException('diagnostics.request_not_found', 'No such diagnostics request');
    const stored = request.file ? await this.files.get(request.file.fileId) : null;
    if (!request.file || !stored) throw new ApiException('diagnostics.file_not_found', 'No file was uploaded for this request');
    return { name: request.file.name, stored };
  }
}
