import { Controller, Get, Inject, Param, Query, Res, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { operations } from '@evc/contracts';
import type { Bus, DocumentStore } from '@evc/platform';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import type { PositionTracker } from '@evc/projections';
import { STALE_HEADER, awaitPosition } from '../shared/consistency';
import type { ReplyLike } from '../shared/reply';
import { BUS, DOCUMENTS, POSITIONS } from '../shared/tokens';
import { StationLocator } from './station-locator';
import { StationsQueries } from './stations.queries';

@Controller('api/queries/stations')
export class StationsController implements OnModuleInit, BeforeApplicationShutdown {
  private readonly queries: StationsQueries;
  private readonly locator: StationLocator;

  constructor(
    @Inject(DOCUMENTS) documents: DocumentStore,
    @Inject(POSITIONS) private readonly positions: PositionTracker,
    @Inject(BUS) private readonly bus: Bus,
  ) {
    const stations = documents.collection(StationsQueries.collectionName);
    this.locator = new StationLocator(stations);
    this.queries = new StationsQueries(stations, this.locator);
  }

  async onModuleInit() {
    await this.locator.start(this.bus);
  }

  async beforeApplicationShutdown() {
    await this.locator.stop();
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
