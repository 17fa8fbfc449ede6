import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { listAnswer, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { CatalogAdminQueries } from './catalog-admin.queries';

/** The staff lists of the catalog (JSON pages or CSV): master data, countries, governorates. */
@Injectable()
export class CatalogAdminAnswers implements QueryAnswers {
  readonly answers: Answers<'masterdata.list' | 'countries.list' | 'governorates.admin-list'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const catalog = new CatalogAdminQueries(documents);
    this.answers = {
      'masterdata.list': async (q) => listAnswer(`master-data-${q.kind}`, await catalog.masterData(q)),
      'countries.list': async (q) => listAnswer('countries', await catalog.countries(q)),
      'governorates.admin-list': async (q) => listAnswer('governorates', await catalog.governorates(q)),
    };
  }
}
