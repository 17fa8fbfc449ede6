import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { customerOf, found, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { SmartChargingQueries } from './smart-charging.queries';

/** A station's load and limit (staff) and a session's allotted power (its driver only). */
@Injectable()
export class SmartChargingAnswers implements QueryAnswers {
  readonly answers: Answers<'smart-charging.site-load' | 'me.session-power'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const queries = new SmartChargingQueries(documents);
    this.answers = {
      'smart-charging.site-load': async ({ stationId, hours }) =>
        found(await queries.siteLoad(stationId, hours), 'network.station_not_found', 'No such station'),
      'me.session-power': async ({ sessionId }, caller) =>
        found(await queries.sessionPower(customerOf(caller), sessionId), 'charging.session_not_found', 'No such session'),
    };
  }
}
