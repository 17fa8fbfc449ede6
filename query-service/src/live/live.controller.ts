import { Controller, Get, Inject, Query, Res, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { ReplyLike } from '../shared/reply';
import { LiveHub } from './live-hub';

export const LIVE_HUB = Symbol('LiveHub');

/** GET /api/live[?collections=stations,pricing]: server-sent read-model changes. */
@Controller('api/live')
export class LiveController implements OnModuleInit, BeforeApplicationShutdown {
  constructor(@Inject(LIVE_HUB) private readonly hub: LiveHub) {}

  async onModuleInit() {
    await this.hub.start();
  }

  // Before the HTTP server closes: open event streams would otherwise hold it open.
  async beforeApplicationShutdown() {
    await this.hub.stop();
  }

  @Get()
  live(@Query('collections') collections: unknown, @Res() reply: ReplyLike) {
    const list =
      typeof collections === 'string' && /^[\w,-]{1,200}$/.test(collections) ? collections.split(',').filter(Boolean) : null;
    reply.hijack();
    this.hub.attach(reply.raw, list);
  }
}
