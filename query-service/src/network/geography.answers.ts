import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { listAnswer, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { GeographyQueries } from './geography.queries';

/** Countries and governorates: the public governorate list, and the staff's lists (JSON pages or CSV). */
@Injectable()
export class GeographyAnswers implements QueryAnswers {
  readonly answers: Answers<'governorates.list' | 'countries.list' | 'governorates.admin-list'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const geography = new GeographyQueries(documents);
    this.answers = {
      'governorates.list': () => geography.governorates(),
      'countries.list': async (q) => listAnswer('countries', await geography.countries(q)),
      'governorates.admin-list': async (q) => listAnswer('governorates', await geography.adminGovernorates(q)),
    };
  }
}
