import { Module, type DynamicModule } from '@nestjs/common';
import type { ClientConfig } from '@evc/contracts';
import type { Bus, DocumentStore, EventStore } from '@evc/platform';
import type { TokenVerifier } from '@evc/platform/auth/access-tokens';
import { AUTHENTICATOR, Authenticator } from '@evc/platform/http/access';
import type { Mailbox } from '@evc/platform/mail/mailer';
import type { PositionTracker } from '@evc/projections';
import { AdminController } from './admin/admin.controller';
import { CatalogController } from './catalog/catalog.controller';
import { ChargingAdminController } from './charging/charging-admin.controller';
import { MeController } from './charging/me.controller';
import { IdentityController } from './identity/identity.controller';
import { LiveHub } from './live/live-hub';
import { LIVE_HUB, LiveController } from './live/live.controller';
import { SiteController } from './site/site.controller';
import { StationsController } from './stations/stations.controller';
import { BUS, CLIENT_CONFIG, DOCUMENTS, EVENT_STORE, MAILBOX, POSITIONS } from './shared/tokens';

export interface QueryServiceOptions {
  documents: DocumentStore;
  /** Read only: the audit query reads an item's stream (its history is the stream). */
  eventStore: EventStore;
  bus: Bus;
  positions: PositionTracker;
  clientConfig: ClientConfig;
  /** Verifies the bearer access tokens (same key as the command side signs with). */
  tokens: TokenVerifier;
  /** The dev mailbox staff read at /admin/mailbox. */
  mailbox: Mailbox;
}

/** The query side: read models → HTTP queries and SSE. Never writes to the event store. */
@Module({})
export class QueryServiceModule {
  static register(options: QueryServiceOptions): DynamicModule {
    return {
      module: QueryServiceModule,
      controllers: [StationsController, CatalogController, LiveController, SiteController, IdentityController, MeController, ChargingAdminController, AdminController],
      providers: [
        { provide: DOCUMENTS, useValue: options.documents },
        { provide: EVENT_STORE, useValue: options.eventStore },
        { provide: BUS, useValue: options.bus },
        { provide: POSITIONS, useValue: options.positions },
        { provide: CLIENT_CONFIG, useValue: options.clientConfig },
        { provide: AUTHENTICATOR, useValue: new Authenticator(options.tokens) },
        { provide: MAILBOX, useValue: options.mailbox },
        { provide: LIVE_HUB, useFactory: () => new LiveHub(options.bus) },
      ],
    };
  }
}
