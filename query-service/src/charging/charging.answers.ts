import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { CUSTOMER_ACCOUNTS } from '@evc/projections';
import { customerOf, found, type Answers, type Caller, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { CustomerQueries } from './customer.queries';
import { SessionsQueries } from './sessions.queries';
import { WalletQueries } from './wallet.queries';

/** The customer link (customerId) goes only to staff who may open the customer's profile. */
const mayReadCustomers = ({ principal }: Caller) => principal?.privileges.includes('customers.read') === true;

type ChargingQueryId =
  | 'me.sessions'
  | 'me.session'
  | 'me.wallet'
  | 'me.payment'
  | 'me.notifications'
  | 'me.cars'
  | 'chargers.lookup'
  | 'sessions.admin-list'
  | 'sessions.admin-get'
  | 'wallets.admin-get';

/** The customer's own sessions, wallet, payments, notifications and cars; staff views of sessions and wallets. */
@Injectable()
export class ChargingAnswers implements QueryAnswers {
  readonly answers: Answers<ChargingQueryId>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const sessions = new SessionsQueries(documents);
    const wallet = new WalletQueries(documents);
    const customer = new CustomerQueries(documents);
    const noSession = 'No such session';
    // An admin query about a customer who does not exist answers 404, never an empty wallet or list.
    const knownCustomer = async (customerId: string) =>
      found(
        await CUSTOMER_ACCOUNTS.in(documents).findOne({ _id: customerId }, { projection: { _id: 1 } }),
        'identity.customer_not_found',
        'No such customer',
      )._id;
    this.answers = {
      'me.sessions': (q, caller) => sessions.mine(customerOf(caller), q),
      'me.session': async ({ sessionId }, caller) =>
        found(await sessions.mineOne(customerOf(caller), sessionId), 'charging.session_not_found', noSession),
      'me.wallet': (q, caller) => wallet.wallet(customerOf(caller), q),
      'me.payment': async ({ paymentId }, caller) =>
        found(await customer.payment(customerOf(caller), paymentId), 'payments.payment_not_found', 'No such payment'),
      'me.notifications': (q, caller) => customer.notifications(customerOf(caller), q),
      'me.cars': (q, caller) => customer.cars(customerOf(caller), q),
      'chargers.lookup': async ({ serialNumber }) =>
        found(await customer.stationOfCharger(serialNumber), 'network.charger_not_found', 'No charger with this serial number or id'),
      'sessions.admin-list': async (q, caller) => {
        if (q.customerId) await knownCustomer(q.customerId);
        return sessions.adminList(q, mayReadCustomers(caller));
      },
      'sessions.admin-get': async ({ sessionId }, caller) =>
        found(await sessions.adminGet(sessionId, mayReadCustomers(caller)), 'charging.session_not_found', noSession),
      'wallets.admin-get': async ({ customerId, ...q }) => wallet.wallet(await knownCustomer(customerId), q),
    };
  }
}
