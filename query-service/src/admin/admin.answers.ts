import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore, EventStore, FrameLog } from '@evc/platform';
import { found, listAnswer, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS, EVENT_STORE, FRAME_LOG } from '../shared/tokens';
import { ActorNames } from './actor-names';
import { AuditQueries } from './audit.queries';
import { CatalogAdminQueries } from './catalog-admin.queries';
import { CustomersAdminQueries } from './customers-admin.queries';
import { NetworkAdminQueries } from './network-admin.queries';

type AdminQueryId =
  | 'masterdata.list'
  | 'countries.list'
  | 'governorates.admin-list'
  | 'stations.admin-list'
  | 'stations.admin-get'
  | 'pricing.history'
  | 'customers.admin-list'
  | 'customers.admin-get'
  | 'ocpp.messages'
  | 'ocpp.commands'
  | 'audit.history';

/** The admin panel's lists (JSON pages or CSV), single items and item histories. */
@Injectable()
export class AdminAnswers implements QueryAnswers {
  readonly answers: Answers<AdminQueryId>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore, @Inject(EVENT_STORE) events: EventStore, @Inject(FRAME_LOG) frames: FrameLog) {
    const catalog = new CatalogAdminQueries(documents);
    const network = new NetworkAdminQueries(documents, frames);
    const customers = new CustomersAdminQueries(documents);
    const audit = new AuditQueries(events, new ActorNames(documents));
    this.answers = {
      'masterdata.list': async (q) => listAnswer(`master-data-${q.kind}`, await catalog.masterData(q)),
      'countries.list': async (q) => listAnswer('countries', await catalog.countries(q)),
      'governorates.admin-list': async (q) => listAnswer('governorates', await catalog.governorates(q)),
      'stations.admin-list': async (q) => listAnswer('stations', await network.stations(q)),
      'stations.admin-get': async ({ stationId }) => found(await network.station(stationId), 'network.station_not_found', 'No such station'),
      'pricing.history': async (q) => listAnswer('pricing-history', await network.pricingHistory(q)),
      'customers.admin-list': async (q) => listAnswer('customers', await customers.list(q)),
      'customers.admin-get': async ({ customerId }) => found(await customers.get(customerId), 'identity.customer_not_found', 'No such customer'),
      'ocpp.messages': (q) => network.ocppMessages(q),
      'ocpp.commands': (q) => network.ocppCommands(q),
      'audit.history': (q, { principal }) => audit.history(q, principal?.privileges),
    };
  }
}
