import { createHash, timingSafeEqual } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { firmwareStreams, networkStreams, operations, type FirmwareFileView } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { ApiException } from '@evc/platform/http/api-exception';
import type { FileStore } from '@evc/platform/files/index';
import { FILE_STORE } from '../files/index';
import { chargerDecider } from '../network/index';
import { decideAndAppend } from '../shared/decide-and-append';
import { contextOf, header, type RequestLike } from '../shared/http/request-context';
import { wholeStream } from '../shared/stream-state';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { firmwareFileDecider } from './firmware-file.decider';
import { FirmwareLinks } from './firmware-links';
import { readFirmwareUpload } from './firmware-upload';
import { FIRMWARE_LINKS } from './firmware.tokens';

interface BinaryReply {
  header(name: string, value: string): BinaryReply;
  status(code: number): BinaryReply;
  send(body?: unknown): void;
}

/** HTTP Basic user and password of a request, if it carries them. */
function basicCredentials(req: RequestLike): { user: string; password: string } | null {
  const value = header(req, 'authorization');
  if (!value?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(value.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * POST /api/firmware/files (staff with firmware.manage): an image into the file store and its record; GET
 * /firmware/<firmwareId>/<token>: the image, to the one charger the signed link was made for, until the link expires. Chargers
 * present the same HTTP Basic credentials as on their OCPP connection (their id and key).
 */
@Controller()
export class FirmwareController {
  constructor(
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FIRMWARE_LINKS) private readonly links: FirmwareLinks,
  ) {}

  @Post('api/firmware/files')
  @HttpCode(200)
  async upload(@Body() body: unknown, @Req() req: RequestLike): Promise<FirmwareFileView> {
    const principal = await this.auth.authorize(operations['firmware.upload'].access, req);
    const { bytes, version, fileName } = readFirmwareUpload(body, header(req, 'content-type'));
    const info = await this.files.put(bytes, { contentType: 'application/octet-stream', purpose: 'firmware' });
    const at = this.clock.now().toISOString();
    const context = contextOf(req, principal);
    const added = { firmwareId: info.fileId, version, fileName, size: info.size, checksum: info.checksum, at };
    const { state } = await decideAndAppend(
      this.store,
      firmwareStreams.file(info.fileId),
      { ...firmwareFileDecider, decide: (c, s) => firmwareFileDecider.decide(s.data ? { ...c, at: s.data.at } : c, s) },
      added,
      context,
      { clock: this.clock },
    );
    const kept = state.data ?? added;
    return { ...kept, uploadedAt: kept.at, uploadedBy: context.actor };
  }

  @Get('firmware/:firmwareId/:token')
  async download(
    @Param('firmwareId') id: string,
    @Param('token') token: string,
    @Req() req: RequestLike,
    @Res() reply: BinaryReply,
  ): Promise<void> {
    const check = this.links.check(String(id), String(token), this.clock.now().getTime());
    if (!check.ok) throw new ApiException('auth.forbidden', `This firmware link is ${check.why}`);
    const { firmwareId, chargerId } = check.claims;
    const credentials = basicCredentials(req);
    if (!credentials) {
      reply.header('www-authenticate', 'Basic realm="firmware"');
      throw new ApiException('auth.unauthenticated', 'Chargers present their id and key');
    }
    if (credentials.user !== chargerId || !(await this.isChargerKey(chargerId, credentials.password)))
      throw new ApiException('auth.forbidden', 'This firmware link is for another charger');
    const file = await this.files.get(firmwareId);
    if (!file || file.purpose !== 'firmware') throw new ApiException('firmware.file_not_found', 'No such firmware');
    reply
      .header('content-type', 'application/octet-stream')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('x-checksum', file.checksum)
      .status(200)
      .send(file.bytes);
  }

  private async isChargerKey(chargerId: string, key: string): Promise<boolean> {
    const { state } = await wholeStream(this.store, chargerDecider).load(networkStreams.charger(chargerId));
    if (!state.data || state.deleted) return false;
    const presented = createHash('sha256').update(key).digest();
    const stored = Buffer.from(state.data.secretHash, 'hex');
    return stored.length === presented.length && timingSafeEqual(stored, presented);
  }
}
