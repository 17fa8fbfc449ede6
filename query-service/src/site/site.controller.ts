import { Body, Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { BUS_TOPICS, operations, type ClientConfig } from '@evc/contracts';
import type { Bus } from '@evc/platform';
import { parseInput } from '@evc/platform/http/api-exception';
import { buildOpenApiDocument, renderOpenApiHtml } from '@evc/platform/http/openapi';
import type { ReplyLike } from '../shared/reply';
import { BUS, CLIENT_CONFIG } from '../shared/tokens';

/** Site plumbing: recording page views (a bus message, not a domain event), browser config, API docs, health. */
@Controller('api')
export class SiteController {
  private readonly openapi = buildOpenApiDocument();

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(CLIENT_CONFIG) private readonly clientConfig: ClientConfig,
  ) {}

  @Post('page-views')
  @HttpCode(202)
  async pageView(@Body() body: unknown) {
    // navigator.sendBeacon may send the JSON as text/plain; it is still parsed and validated.
    const view = parseInput(operations['site.page-view'].input, typeof body === 'string' ? parseJsonOrNull(body) : body);
    await this.bus.publish(BUS_TOPICS.pageViews, [{ key: view.path.toLowerCase(), value: { ...view, at: new Date().toISOString() } }]);
    return { accepted: true };
  }

  @Get('config')
  config(@Res({ passthrough: true }) reply: ReplyLike): ClientConfig {
    reply.header('cache-control', 'no-cache');
    return this.clientConfig;
  }

  @Get('docs/json')
  docsJson() {
    return this.openapi;
  }

  @Get('docs')
  docs(@Res() reply: ReplyLike) {
    reply.header('content-type', 'text/html; charset=utf-8').send(renderOpenApiHtml(this.openapi));
  }

  @Get('health')
  health() {
    return { status: 'ok' };
  }
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
