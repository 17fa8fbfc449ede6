import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@evc/platform';
import { listAnswer, type Answers, type QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';
import { CatalogAdminQueries } from './catalog-admin.queries';

/** The staff's master data lists (JSON pages or CSV). */
@Injectable()
export class CatalogAdminAnswers implements QueryAnswers {
  readonly answers: Answers<'masterdata.list'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const catalog = new CatalogAdminQueries(documents);
    this.answers = {
      'masterdata.list': async (q) => listAnswer(`master-data-${q.kind}`, await catalog.masterData(q)),
    };
  }
}
