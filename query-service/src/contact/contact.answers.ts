import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { customerOf, found, listAnswer, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { ContactQueries } from './contact.queries';

/** The managers' inbox (contact.manage) and the customer's own requests. */
@Injectable()
export class ContactAnswers implements QueryAnswers {
  readonly answers: Answers<'contact-requests.admin-list' | 'contact-requests.admin-get' | 'me.contact-requests'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const queries = new ContactQueries(documents);
    this.answers = {
      'contact-requests.admin-list': async (q) => listAnswer('contact-requests', await queries.list(q)),
      'contact-requests.admin-get': async ({ requestId }) =>
        found(await queries.get(requestId), 'contact.request_not_found', 'No such contact request'),
      'me.contact-requests': (q, caller) => queries.mine(customerOf(caller), q),
    };
  }
}
