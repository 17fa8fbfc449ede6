import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { customerOf, found, listAnswer, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { AlertsQueries } from './alerts.queries';

/** The on-call inbox (alerts.read) and the caller's own subscriptions. */
@Injectable()
export class AlertsAnswers implements QueryAnswers {
  readonly answers: Answers<'alerts.admin-list' | 'alerts.admin-get' | 'me.alert-subscriptions'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const queries = new AlertsQueries(documents);
    this.answers = {
      'alerts.admin-list': async (q) => listAnswer('alerts', await queries.list(q)),
      'alerts.admin-get': async ({ alertId }) => found(await queries.get(alertId), 'alerts.alert_not_found', 'No such alert'),
      // customerOf names the signed-in account; the operation's access has already required alerts.read (staff).
      'me.alert-subscriptions': (_q, caller) => queries.subscriptionsOf(customerOf(caller)),
    };
  }
}
