import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { customerOf, found, listAnswer, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { CardsQueries } from './cards.queries';

type CardsQueryId = 'me.card-requests' | 'me.charging-cards' | 'card-requests.admin-list' | 'card-requests.admin-get' | 'cards.admin-list';

/** The customer's card requests and cards (their own only); the staff lists of requests and cards. */
@Injectable()
export class CardsAnswers implements QueryAnswers {
  readonly answers: Answers<CardsQueryId>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const cards = new CardsQueries(documents);
    this.answers = {
      'me.card-requests': (q, caller) => cards.myRequests(customerOf(caller), q),
      'me.charging-cards': (q, caller) => cards.myCards(customerOf(caller), q),
      'card-requests.admin-list': async (q) => listAnswer('card-requests', await cards.requestsList(q)),
      'card-requests.admin-get': async ({ requestId }) =>
        found(await cards.request(requestId), 'cards.request_not_found', 'No such card request'),
      'cards.admin-list': async (q) => listAnswer('charging-cards', await cards.cardsList(q)),
    };
  }
}
