import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore, Filter } from '@evc/platform';
import { PAGE_VIEWS } from '@evc/projections';
import type { Answers, QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';

/** Page views per path and day, for staff with analytics.read. */
@Injectable()
export class SiteAnswers implements QueryAnswers {
  readonly answers: Answers<'site.page-view-counts'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const views = PAGE_VIEWS.in(documents);
    this.answers = {
      'site.page-view-counts': async (q) => {
        const filter: Filter = q.from || q.to ? { day: { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lte: q.to } : {}) } } : {};
        const [docs, totalCount] = await Promise.all([
          views.find(filter, { sort: { day: -1, count: -1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
          views.countDocuments(filter),
        ]);
        return { dataList: docs.map(({ day, path, count }) => ({ day, path, count })), totalCount };
      },
    };
  }
}
