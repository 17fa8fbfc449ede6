import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { customerOf, found, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { customerProfile } from './profile.queries';

/** The customer's personal info. */
@Injectable()
export class AccountAnswers implements QueryAnswers {
  readonly answers: Answers<'me.profile'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    this.answers = {
      'me.profile': async (_q, caller) =>
        found(await customerProfile(documents, customerOf(caller)), 'identity.customer_not_found', 'No such customer'),
    };
  }
}
