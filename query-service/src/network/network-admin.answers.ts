import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore, FrameLog } from '@evc/platform';
import { found, listAnswer, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS, FRAME_LOG } from '../shared/tokens';
import { NetworkAdminQueries } from './network-admin.queries';

type NetworkAdminQueryId = 'stations.admin-list' | 'stations.admin-get' | 'pricing.history' | 'ocpp.messages' | 'ocpp.commands';

/** The staff screens of the network: the station list (JSON pages or CSV), one station, price history, OCPP logs. */
@Injectable()
export class NetworkAdminAnswers implements QueryAnswers {
  readonly answers: Answers<NetworkAdminQueryId>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore, @Inject(FRAME_LOG) frames: FrameLog) {
    const network = new NetworkAdminQueries(documents, frames);
    this.answers = {
      'stations.admin-list': async (q) => listAnswer('stations', await network.stations(q)),
      'stations.admin-get': async ({ stationId }) =>
        found(await network.station(stationId), 'network.station_not_found', 'No such station'),
      'pricing.history': async (q) => listAnswer('pricing-history', await network.pricingHistory(q)),
      'ocpp.messages': (q) => network.ocppMessages(q),
      'ocpp.commands': (q) => network.ocppCommands(q),
    };
  }
}
