import { Module, type DynamicModule } from '@nestjs/common';
import type { ClientConfig } from '@evc/contracts';
import type { Bus, DocumentStore, EventStore, FrameLog } from '@evc/platform';
import type { TokenVerifier } from '@evc/platform/auth/access-tokens';
import { AUTHENTICATOR, Authenticator } from '@evc/platform/http/access';
import type { Mailbox } from '@evc/platform/mail/mailer';
import type { PositionTracker } from '@evc/projections';
import { AuditHistoryAnswers, EventsAnswers } from './audit/index';
import { BookingsAnswers } from './bookings/index';
import { CardsAnswers } from './cards/index';
import { FirmwareAnswers } from './firmware/index';
import { CatalogAdminAnswers, CatalogAnswers } from './catalog/index';
import { ChargingAnswers, ReceiptsAnswers } from './charging/index';
import { ContactAnswers } from './contact/index';
import { AlertsAnswers } from './alerts/index';
import { QUERY_TABLE, QueriesController } from './http/queries.controller';
import { QueryTable } from './http/query-routes';
import { AccountAccessCache, AccountAnswers, CustomersAdminAnswers, IdentityAnswers } from './identity/index';
import { LiveHub } from './live/live-hub';
import { LIVE_HUB, LiveController } from './live/live.controller';
import { GeographyAnswers, NetworkAdminAnswers, StationsAnswers } from './network/index';
import { ReportingAnswers } from './reporting/index';
import { DiagnosticsAnswers } from './diagnostics/index';
import type { QueryAnswers } from './shared/answers';
import { SiteAnswers, SiteController } from './site/index';
import { SmartChargingAnswers } from './smart-charging/index';
import { UptimeAnswers } from './uptime/index';
import { BUS, CLIENT_CONFIG, DOCUMENTS, EVENT_STORE, FRAME_LOG, MAILBOX, POSITIONS } from './shared/tokens';

/** Each context's answers to its queries; adding a context is a line here. */
export const ANSWERS = [
  IdentityAnswers,
  AccountAnswers,
  CustomersAdminAnswers,
  StationsAnswers,
  NetworkAdminAnswers,
  GeographyAnswers,
  CatalogAnswers,
  CatalogAdminAnswers,
  ChargingAnswers,
  ReceiptsAnswers,
  BookingsAnswers,
  CardsAnswers,
  ContactAnswers,
  SiteAnswers,
  EventsAnswers,
  AuditHistoryAnswers,
  ReportingAnswers,
  SmartChargingAnswers,
  DiagnosticsAnswers,
  AlertsAnswers,
  UptimeAnswers,
  FirmwareAnswers,
];

export interface QueryServiceOptions {
  documents: DocumentStore;
  /** Read only: the charger message log staff page through, and the event chain's frames. */
  frames: FrameLog;
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

/** The query side: read models → HTTP queries (one generic controller) and SSE. Never writes to the event store. */
@Module({})
export class QueryServiceModule {
  static register(options: QueryServiceOptions): DynamicModule {
    // Tokens are checked against the accounts as they are now, and private live streams cut on change.
    const access = new AccountAccessCache(options.documents, options.bus);
    return {
      module: QueryServiceModule,
      controllers: [QueriesController, LiveController, SiteController],
      providers: [
        { provide: DOCUMENTS, useValue: options.documents },
        { provide: FRAME_LOG, useValue: options.frames },
        { provide: EVENT_STORE, useValue: options.eventStore },
        { provide: BUS, useValue: options.bus },
        { provide: POSITIONS, useValue: options.positions },
        { provide: CLIENT_CONFIG, useValue: options.clientConfig },
        { provide: AUTHENTICATOR, useValue: new Authenticator(options.tokens, access) },
        { provide: MAILBOX, useValue: options.mailbox },
        { provide: LIVE_HUB, useFactory: () => new LiveHub(options.bus, access) },
        ...ANSWERS,
        { provide: QUERY_TABLE, useFactory: (...contexts: QueryAnswers[]) => new QueryTable(contexts), inject: ANSWERS },
      ],
    };
  }
}
