import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { BUS_TOPICS, operations, type ClientConfig, type Paged, type PageViewCount } from '@evc/contracts';
import type { Bus, DocumentStore, Filter } from '@evc/platform';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { parseInput } from '@evc/platform/http/api-exception';
import { RM } from '@evc/projections';
import { buildOpenApiDocument, renderOpenApiHtml } from '@evc/platform/http/openapi';
import type { ReplyLike } from '../shared/reply';
import { BUS, CLIENT_CONFIG, DOCUMENTS } from '../shared/tokens';

/** Site plumbing: page views, browser config, API docs, health. */
@Controller('api')
export class SiteController {
  private readonly openapi = buildOpenApiDocument();

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(CLIENT_CONFIG) private readonly clientConfig: ClientConfig,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
  ) {}

  @Post('page-views')
  @HttpCode(202)
  async pageView(@Body() body: unknown) {
    // navigator.sendBeacon may send the JSON as text/plain; it is still parsed and validated.
    const view = parseInput(operations['site.page-view'].input, typeof body === 'string' ? parseJsonOrNull(body) : body);
    await this.bus.publish(BUS_TOPICS.pageViews, [{ key: view.path.toLowerCase(), value: { ...view, at: new Date().toISOString() } }]);
    return { accepted: true };
  }

  @Get('queries/page-views')
  async pageViewCounts(@Query() query: unknown, @Req() req: { headers: Record<string, string | string[] | undefined> }): Promise<Paged<PageViewCount>> {
    const spec = operations['site.page-view-counts'];
    await this.auth.authorize(spec.access, req);
    const q = parseInput(spec.input, query);
    const filter: Filter = q.from || q.to ? { day: { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lte: q.to } : {}) } } : {};
    const views = this.documents.collection(RM.pageViews);
    const [docs, totalCount] = await Promise.all([
      views.find(filter, { sort: { day: -1, count: -1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize, projection: { _id: 0 } }).toArray(),
      views.countDocuments(filter),
    ]);
    return { dataList: docs as unknown as PageViewCount[], totalCount };
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
