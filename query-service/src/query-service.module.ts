import { Module, type DynamicModule } from '@nestjs/common';
import type { ClientConfig } from '@evc/contracts';
import type { Bus, DocumentStore } from '@evc/platform';
import type { PositionTracker } from '@evc/projections';
import { CatalogController } from './catalog/catalog.controller';
import { LiveHub } from './live/live-hub';
import { LIVE_HUB, LiveController } from './live/live.controller';
import { SiteController } from './site/site.controller';
import { StationsController } from './stations/stations.controller';
import { BUS, CLIENT_CONFIG, DOCUMENTS, POSITIONS } from './shared/tokens';

export interface QueryServiceOptions {
  documents: DocumentStore;
  bus: Bus;
  positions: PositionTracker;
  clientConfig: ClientConfig;
}

/** The query side: read models → HTTP queries and SSE. Never writes to the event store. */
@Module({})
export class QueryServiceModule {
  static register(options: QueryServiceOptions): DynamicModule {
    return {
      module: QueryServiceModule,
      controllers: [StationsController, CatalogController, LiveController, SiteController],
      providers: [
        { provide: DOCUMENTS, useValue: options.documents },
        { provide: BUS, useValue: options.bus },
        { provide: POSITIONS, useValue: options.positions },
        { provide: CLIENT_CONFIG, useValue: options.clientConfig },
        { provide: LIVE_HUB, useFactory: () => new LiveHub(options.bus) },
      ],
    };
  }
}
