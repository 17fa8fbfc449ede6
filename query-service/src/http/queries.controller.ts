import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { positionParamSchema } from '@evc/contracts';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import type { PositionTracker } from '@evc/projections';
import { FileAnswer, type QueryInput } from '../shared/answers';
import { STALE_HEADER, awaitPosition } from '../shared/consistency';
import type { ReplyLike } from '../shared/reply';
import { POSITIONS } from '../shared/tokens';
import type { QueryTable } from './query-routes';

export const QUERY_TABLE = Symbol('QueryTable');

interface RequestLike {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * GET /api/queries/<path>: the operation whose path matches; access checked first (a refused caller learns
 * nothing about the input), then the path parameters and query string parsed by its schemas, then read-your-writes
 * (`position`), then its context's answer.
 */
@Controller('api/queries')
export class QueriesController {
  constructor(
    @Inject(QUERY_TABLE) private readonly table: QueryTable,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
    @Inject(POSITIONS) private readonly positions: PositionTracker,
  ) {}

  @Get('*')
  async answer(@Req() req: RequestLike, @Query() query: unknown, @Res({ passthrough: true }) reply: ReplyLike) {
    const match = this.table.match(req.url.split('?')[0]!);
    if (!match) throw new ApiException('not_found', 'Unknown query');
    const { spec, answer } = match.route;
    const principal = await this.auth.authorize(spec.access, req);
    const params = spec.params ? (parseInput(spec.params, match.params) as object) : {};
    const input = spec.input ? (parseInput(spec.input, query) as object) : {};
    const { position } = parseInput(positionParamSchema, query);
    if (!(await awaitPosition(this.positions, position))) reply.header(STALE_HEADER, 'true');
    const result = await answer({ ...input, ...params } as QueryInput<never>, { principal });
    return result instanceof FileAnswer ? result.send(reply) : result;
  }
}
