import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DIAGNOSTICS_UPLOAD_PATH, diagnosticsStreams, statusOf, type ErrorCode } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import { boundaryOf, parseMultipart } from '@evc/platform/http/multipart';
import { createLogger } from '@evc/platform/logging/logger';
import { FILE_STORE } from '../files/index';
import { newContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { decideAndAppend } from '../shared/decide-and-append';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { diagnosticsDecider, type DiagnosticsCommand } from './diagnostics.decider';
import { DIAGNOSTICS_SETTINGS, type DiagnosticsSettings } from './diagnostics-settings';

const log = createLogger('diagnostics-upload');

/** The room a multipart body takes beyond its file (boundaries, part headers). */
const MULTIPART_OVERHEAD = 64 * 1024;
const CHARGER_ID = /^[A-Za-z0-9_-]{3,48}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

interface UploadRequest {
  params: unknown;
  headers: Record<string, string | string[] | undefined>;
  raw: IncomingMessage;
}
interface UploadReply {
  code(status: number): UploadReply;
  header(name: string, value: string): UploadReply;
  send(body?: unknown): UploadReply;
}
interface RouteHost {
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    type: string,
    parser: (req: unknown, payload: unknown, done: (error: Error | null, body?: unknown) => void) => void,
  ): void;
  route(route: { method: string[]; url: string; handler: (req: UploadRequest, reply: UploadReply) => Promise<unknown> }): void;
}
interface FastifyLike {
  register(plugin: (child: RouteHost) => Promise<void>): unknown;
}

type Refusal = { code: ErrorCode; message: string; reason?: 'too_large' | 'empty' | 'broken' };

/** The body, or why not: more than `limit` bytes (reading stops there), or the client went away. */
function readBody(raw: IncomingMessage, limit: number): Promise<Buffer | 'too_large' | 'broken'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer | 'too_large' | 'broken') => {
      raw.removeAllListeners('data');
      resolve(result);
    };
    raw.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0; // nothing kept
        raw.pause();
        return done('too_large');
      }
      chunks.push(chunk);
    });
    raw.once('end', () => done(Buffer.concat(chunks)));
    raw.once('aborted', () => done('broken'));
    raw.once('error', () => done('broken'));
  });
}

/**
 * PUT or POST `/diagnostics-upload/<chargerId>/<token>`: a charger's diagnostics file, outside /api (chargers send no
 * API credentials: the URL's token is the credential). The body is read as it comes (raw, or multipart/form-data
 * with one file, as many 1.6 chargers send it) and refused with 413 as soon as it passes the configured maximum;
 * the URL is claimed on the request's stream before a byte is read, so of uploads arriving together one goes on.
 * A kept file spends the URL; a refused one (too large, empty, broken off) leaves it for the charger's retry.
 */
@Injectable()
export class DiagnosticsUploadRoute implements OnModuleInit {
  constructor(
    @Inject(HttpAdapterHost) private readonly host: HttpAdapterHost,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(DIAGNOSTICS_SETTINGS) private readonly settings: DiagnosticsSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance<FastifyLike>();
    if (!fastify) return;
    fastify.register(async (child) => {
      // This route reads its own body as a stream: no parser buffers it first.
      child.removeAllContentTypeParsers();
      child.addContentTypeParser('*', (_req, _payload, done) => done(null));
      child.route({
        method: ['PUT', 'POST'],
        url: `${DIAGNOSTICS_UPLOAD_PATH}/:chargerId/:token`,
        handler: (req, reply) => this.receive(req, reply),
      });
    });
  }

  /** The route is the upload's only adapter: each step is decided on the charger's diagnostics stream. */
  private record(command: DiagnosticsCommand, chargerId: string) {
    const context = newContext({ type: 'charger', id: chargerId }, 'diagnostics-upload');
    return decideAndAppend(this.store, diagnosticsStreams.charger(chargerId), diagnosticsDecider, command, context, { clock: this.clock });
  }

  private async receive(req: UploadRequest, reply: UploadReply): Promise<unknown> {
    const { chargerId, token } = (req.params ?? {}) as { chargerId?: string; token?: string };
    const refuse = (r: Refusal) => {
      reply.code(statusOf(r.code)).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store');
      // Unread body left: the connection closes after this answer, so the rest is never read.
      if (!req.raw.readableEnded) reply.header('connection', 'close');
      return reply.send(JSON.stringify({ code: r.code, message: r.message }));
    };
    const invalid: Refusal = { code: 'diagnostics.upload_refused', message: 'This upload URL is not valid' };
    if (!chargerId || !token || !CHARGER_ID.test(chargerId) || !TOKEN.test(token)) return refuse(invalid);

    const uploadId = randomUUID();
    let requestId: string;
    try {
      const { events } = await this.record(
        { kind: 'upload-start', chargerId, token, uploadId, at: this.clock.now().toISOString() },
        chargerId,
      );
      requestId = (events[0]!.data as { requestId: string }).requestId;
    } catch (error) {
      if (error instanceof DomainError) return refuse({ code: error.code, message: error.message });
      throw error;
    }
    const end = (reason: 'too_large' | 'empty' | 'broken') =>
      this.record({ kind: 'upload-refuse', chargerId, requestId, uploadId, reason, at: this.clock.now().toISOString() }, chargerId).catch(
        (error: unknown) => log.warn('diagnostics upload refusal not recorded', { chargerId, error: String(error) }),
      );
    const max = this.settings.maxBytes;
    const tooLarge: Refusal = { code: 'diagnostics.too_large', message: `The file exceeds ${max} bytes`, reason: 'too_large' };
    const contentType = String(req.headers['content-type'] ?? '');
    const boundary = boundaryOf(contentType);
    const limit = boundary ? max + MULTIPART_OVERHEAD : max;
    const declared = Number(req.headers['content-length'] ?? NaN);
    const body = Number.isFinite(declared) && declared > limit ? 'too_large' : await readBody(req.raw, limit);
    if (body === 'too_large' || body === 'broken') {
      await end(body);
      return body === 'too_large' ? refuse(tooLarge) : refuse({ code: 'request.invalid', message: 'The upload was broken off' });
    }
    let bytes = body;
    let name = `diagnostics-${chargerId}.log`;
    if (boundary) {
      const parts = parseMultipart(body, boundary);
      const file = parts?.find((p) => p.filename !== undefined) ?? parts?.[0];
      if (!file) {
        await end('empty');
        return refuse({ code: 'files.missing', message: 'Send the file as the one part of multipart/form-data' });
      }
      bytes = file.data;
      if (file.filename) name = file.filename;
    }
    if (bytes.length > max) {
      await end('too_large');
      return refuse(tooLarge);
    }
    if (bytes.length === 0) {
      await end('empty');
      return refuse({ code: 'files.missing', message: 'The upload is empty' });
    }
    const safeName = name.replace(/[^\w.-]+/g, '_').slice(0, 120) || `diagnostics-${chargerId}.log`;
    const info = await this.files.put(bytes, { contentType: 'application/octet-stream', purpose: 'diagnostics' });
    try {
      await this.record(
        {
          kind: 'upload-finish',
          chargerId,
          requestId,
          uploadId,
          fileId: info.fileId,
          name: safeName,
          size: info.size,
          contentType: info.contentType,
          at: this.clock.now().toISOString(),
        },
        chargerId,
      );
    } catch (error) {
      if (error instanceof DomainError) return refuse({ code: error.code, message: error.message });
      throw error;
    }
    return reply
      .code(201)
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ size: info.size }));
  }
}
