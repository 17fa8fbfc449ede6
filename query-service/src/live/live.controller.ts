import { Controller, Get, Inject, Query, Req, Res, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { operations } from '@evc/contracts';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { ApiException } from '@evc/platform/http/api-exception';
import { applyRawSecurityHeaders } from '@evc/platform/http/security-headers';
import type { ReplyLike } from '../shared/reply';
import { LiveHub, publicView } from './live-hub';
import { privateView } from './private-view';

export const LIVE_HUB = Symbol('LiveHub');

/** What the streams read of the request: the bearer token and, for HSTS, how the browser came in. */
type LiveRequest = { protocol?: string; headers: Record<string, string | string[] | undefined> };

/**
 * GET /api/live[?collections=stations,pricing]: public server-sent read-model changes (never a private one).
 * GET /api/live/me: the signed-in account's private changes (bearer token; the browser reads it with fetch).
 */
@Controller('api/live')
export class LiveController implements OnModuleInit, BeforeApplicationShutdown {
  constructor(
    @Inject(LIVE_HUB) private readonly hub: LiveHub,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
  ) {}

  async onModuleInit() {
    await this.hub.start();
  }

  // Before the HTTP server closes: open event streams would otherwise hold it open.
  async beforeApplicationShutdown() {
    await this.hub.stop();
  }

  @Get()
  live(@Query() query: unknown, @Req() req: LiveRequest, @Res() reply: ReplyLike) {
    // A malformed filter is not worth refusing a live stream for: it follows every public change instead.
    const collections = operations['live.changes'].input.safeParse(query).data?.collections;
    const list = collections ? collections.split(',').filter(Boolean) : null;
    reply.hijack();
    applyRawSecurityHeaders(req, reply.raw);
    this.hub.attach(reply.raw, publicView(list));
  }

  @Get('me')
  async mine(@Req() req: LiveRequest, @Res() reply: ReplyLike) {
    const principal = await this.auth.principalOf(req);
    if (!principal) throw new ApiException('auth.unauthenticated', 'Sign in first');
    reply.hijack();
    applyRawSecurityHeaders(req, reply.raw);
    this.hub.attach(reply.raw, privateView(principal), principal);
  }
}
