import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { operations, type FileInfo, type Privilege } from '@evc/contracts';
import { AUTHENTICATOR, requireAccess, type Authenticator } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import { READ_PRIVILEGE, UPLOAD_PRIVILEGE, isPublicPurpose, type FileStore } from '@evc/platform/files/index';
import { header, type RequestLike } from '../shared/http/request-context';
import { readUpload } from './upload';

export const FILE_STORE = Symbol('FileStore');

interface BinaryReply {
  header(name: string, value: string): BinaryReply;
  status(code: number): BinaryReply;
  send(body?: unknown): void;
}

/**
 * POST /api/files (staff: any purpose; a customer: their licence images), GET /api/files/:fileId (public images
 * cached for a year; a licence for the customer who uploaded it and staff with customers.read).
 */
@Controller('api/files')
export class FilesController {
  constructor(
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
  ) {}

  @Post()
  @HttpCode(200)
  async upload(@Body() body: unknown, @Req() req: RequestLike): Promise<FileInfo> {
    // Each purpose needs its own right (UPLOAD_PRIVILEGE): flags masterdata.write, station photos stations.write;
    // private purposes (licences, profile pictures) only the customer who owns them.
    const principal = await this.auth.authorize(operations['files.upload'].access, req);
    const { bytes, contentType, purpose } = readUpload(body, header(req, 'content-type'));
    const privilege = UPLOAD_PRIVILEGE[purpose];
    // A purpose read by a staff privilege (diagnostics) has an endpoint of its own: nobody uploads it here.
    const allowed =
      !READ_PRIVILEGE[purpose] &&
      (privilege ? principal?.userType === 1 && principal.privileges.includes(privilege) : principal?.userType === 5);
    if (!allowed)
      throw new ApiException('auth.forbidden', `Not allowed to upload ${purpose} images`, [{ path: 'purpose', code: 'forbidden' }]);
    return this.files.put(bytes, { contentType, purpose, ...(privilege ? {} : { ownerId: principal!.accountId }) });
  }

  @Get(':fileId')
  async get(@Param() params: unknown, @Req() req: RequestLike, @Res() reply: BinaryReply): Promise<void> {
    const { fileId } = parseInput(operations['files.get'].params, params);
    const file = await this.files.get(fileId);
    if (!file) throw new ApiException('files.not_found', 'No such file');
    const open = isPublicPurpose(file.purpose);
    if (!open) await this.assertMayRead(file.ownerIds ?? [], req, READ_PRIVILEGE[file.purpose]);
    const etag = `"${file.fileId}"`;
    reply
      .header('etag', etag)
      .header('cache-control', open ? 'public, max-age=31536000, immutable' : 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    if (header(req, 'if-none-match') === etag) return reply.status(304).send();
    reply.header('content-type', file.contentType).status(200).send(file.bytes);
  }

  /** A private file (licence, profile picture): the customer who uploaded it, or staff who may read customers. */
  private async assertMayRead(ownerIds: string[], req: RequestLike, staffPrivilege: Privilege = 'customers.read'): Promise<void> {
    const principal = await this.auth.principalOf(req);
    if (principal?.userType === 5) {
      // Someone else's licence is not found, not forbidden: its existence is private too.
      if (!ownerIds.includes(principal.accountId)) throw new ApiException('files.not_found', 'No such file');
      return;
    }
    requireAccess({ kind: 'privilege', privilege: staffPrivilege }, principal);
  }
}
