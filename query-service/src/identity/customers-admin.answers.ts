import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { found, listAnswer, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { CustomersAdminQueries } from './customers-admin.queries';

/** The staff's customer list (JSON pages or CSV) and one customer's details. */
@Injectable()
export class CustomersAdminAnswers implements QueryAnswers {
  readonly answers: Answers<'customers.admin-list' | 'customers.admin-get'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const customers = new CustomersAdminQueries(documents);
    this.answers = {
      'customers.admin-list': async (q) => listAnswer('customers', await customers.list(q)),
      'customers.admin-get': async ({ customerId }) =>
        found(await customers.get(customerId), 'identity.customer_not_found', 'No such customer'),
    };
  }
}
