import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { found, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { CatalogQueries } from './catalog.queries';

@Injectable()
export class CatalogAnswers implements QueryAnswers {
  readonly answers: Answers<'catalog.car-options' | 'network.stats' | 'pricing.current'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const queries = new CatalogQueries(documents);
    this.answers = {
      'catalog.car-options': (q) => queries.carOptions(q),
      'network.stats': () => queries.stats(),
      'pricing.current': async () => found(await queries.pricing(), 'not_found', 'No prices are set yet'),
    };
  }
}
