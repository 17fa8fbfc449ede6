import { Inject, Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Bus, DocumentStore } from '@evc/platform';
import { STATIONS } from '@evc/projections';
import { found, type Answers, type QueryAnswers } from '../shared/answers';
import { BUS, DOCUMENTS } from '../shared/tokens';
import { StationLocator } from './station-locator';
import { StationsQueries } from './stations.queries';

/** Public station pages: the list, nearby (with the spatial index kept fresh from the bus), one station. */
@Injectable()
export class StationsAnswers implements QueryAnswers, OnModuleInit, BeforeApplicationShutdown {
  readonly answers: Answers<'stations.list' | 'stations.nearby' | 'stations.get'>;
  private readonly locator: StationLocator;

  constructor(
    @Inject(DOCUMENTS) documents: DocumentStore,
    @Inject(BUS) private readonly bus: Bus,
  ) {
    const stations = STATIONS.in(documents);
    this.locator = new StationLocator(stations);
    const queries = new StationsQueries(stations, this.locator);
    this.answers = {
      'stations.list': (q) => queries.list(q),
      'stations.nearby': (q) => queries.nearby(q),
      'stations.get': async ({ stationId }) => found(await queries.get(stationId), 'network.station_not_found', 'No such station'),
    };
  }

  async onModuleInit() {
    await this.locator.start(this.bus);
  }

  async beforeApplicationShutdown() {
    await this.locator.stop();
  }
}
