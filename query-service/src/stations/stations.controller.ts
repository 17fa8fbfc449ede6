import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { operations } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import type { PositionTracker } from '@evc/projections';
import { STALE_HEADER, awaitPosition } from '../shared/consistency';
import type { ReplyLike } from '../shared/reply';
import { DOCUMENTS, POSITIONS } from '../shared/tokens';
import { StationsQueries } from './stations.queries';

@Controller('api/queries/stations')
export class StationsController {
  private readonly queries: StationsQueries;

  constructor(
    @Inject(DOCUMENTS) documents: DocumentStore,
    @Inject(POSITIONS) private readonly positions: PositionTracker,
  ) {
    this.queries = new StationsQueries(documents.collection(StationsQueries.collectionName));
  }

  @Get()
  async list(@Query() query: unknown, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = parseInput(operations['stations.list'].input, query);
    if (!(await awaitPosition(this.positions, q.position))) reply.header(STALE_HEADER, 'true');
    return this.queries.list(q);
  }

  @Get('nearby')
  async nearby(@Query() query: unknown, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = parseInput(operations['stations.nearby'].input, query);
    if (!(await awaitPosition(this.positions, q.position))) reply.header(STALE_HEADER, 'true');
    return this.queries.nearby(q);
  }

  @Get(':stationId')
  async get(@Param() params: unknown) {
    const { stationId } = parseInput(operations['stations.get'].params, params);
    const station = await this.queries.get(stationId);
    if (!station) throw new ApiException('network.station_not_found', 'No such station');
    return station;
  }
}
