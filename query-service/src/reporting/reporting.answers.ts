import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import type { Answers, QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { DashboardQueries } from './dashboard.queries';

/** The staff dashboard: today's figures, each section for the privileges that read its list. */
@Injectable()
export class ReportingAnswers implements QueryAnswers {
  readonly answers: Answers<'admin.dashboard'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const dashboard = new DashboardQueries(documents);
    this.answers = {
      'admin.dashboard': async (_q, { principal }) => dashboard.dashboard(principal?.privileges ?? [], new Date()),
    };
  }
}
