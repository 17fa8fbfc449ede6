import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { customerOf, found, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { DashboardQueries } from './dashboard.queries';
import { customerProfile } from './profile.queries';

/** The customer's personal info and the staff dashboard. */
@Injectable()
export class AccountAnswers implements QueryAnswers {
  readonly answers: Answers<'me.profile' | 'admin.dashboard'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const dashboard = new DashboardQueries(documents);
    this.answers = {
      'me.profile': async (_q, caller) => found(await customerProfile(documents, customerOf(caller)), 'identity.customer_not_found', 'No such customer'),
      'admin.dashboard': async (_q, { principal }) => dashboard.dashboard(principal?.privileges ?? [], new Date()),
    };
  }
}
