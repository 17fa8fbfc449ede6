import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore, EventStore } from '@evc/platform';
import { ActorNames } from '../identity/index';
import type { Answers, QueryAnswers } from '../shared/answers';
import { DOCUMENTS, EVENT_STORE } from '../shared/tokens';
import { AuditQueries } from './audit.queries';

/** An item's history (its stream) as the staff's history panels show it, masked by the reader's privileges. */
@Injectable()
export class AuditHistoryAnswers implements QueryAnswers {
  readonly answers: Answers<'audit.history'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore, @Inject(EVENT_STORE) events: EventStore) {
    const audit = new AuditQueries(events, new ActorNames(documents));
    this.answers = {
      'audit.history': (q, { principal }) => audit.history(q, principal?.privileges),
    };
  }
}
