import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import type { Mailbox } from '@evc/platform/mail/mailer';
import { found, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS, MAILBOX } from '../shared/tokens';
import { IdentityQueries } from './identity.queries';

/** The signed-in user, staff, roles, customers, the dev mailbox, reset-link status. */
@Injectable()
export class IdentityAnswers implements QueryAnswers {
  readonly answers: Answers<'me.get' | 'admins.list' | 'roles.list' | 'customers.list' | 'mailbox.list' | 'auth.reset-link'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore, @Inject(MAILBOX) mailbox: Mailbox) {
    const queries = new IdentityQueries(documents);
    this.answers = {
      'me.get': async (_q, { principal }) => found(principal && (await queries.me(principal)), 'auth.unauthenticated', 'Sign in first'),
      'admins.list': (q) => queries.admins(q),
      'roles.list': (q) => queries.roles(q),
      'customers.list': (q) => queries.customers(q),
      'mailbox.list': (q) => mailbox.list(q),
      'auth.reset-link': async ({ token }) => ({ valid: await queries.resetLinkValid(token) }),
    };
  }
}
