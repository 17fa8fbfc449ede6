import { Inject, Injectable } from '@nestjs/common';
import type { DiagnosticsRequestView, Paged } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { DIAGNOSTICS_REQUESTS, type DiagnosticsRequestDoc } from '@evc/projections';
import { ActorNames } from '../identity/index';
import type { Answers, QueryAnswers } from '../shared/answers';
import { DOCUMENTS } from '../shared/tokens';

/** A request still waiting for its file after its upload window is `expired`: the URL no longer works. */
export function diagnosticsRequestView(d: DiagnosticsRequestDoc, name: string | null, now: string): DiagnosticsRequestView {
  const open = d.status === 'requested' || d.status === 'accepted' || d.status === 'uploading';
  return {
    requestId: d.requestId,
    chargerId: d.chargerId,
    status: open && now > d.expiresAt ? 'expired' : d.status,
    from: d.from,
    to: d.to,
    commandStatus: d.commandStatus,
    chargerStatus: d.chargerStatus,
    failure: d.failure,
    file: d.file,
    requestedBy: { type: d.requestedBy.type, id: d.requestedBy.id, name },
    requestedAt: d.requestedAt,
    expiresAt: d.expiresAt,
    updatedAt: d.updatedAt,
  };
}

/** A charger's diagnostics requests for staff with diagnostics.manage, newest first. */
@Injectable()
export class DiagnosticsAnswers implements QueryAnswers {
  readonly answers: Answers<'diagnostics.requests'>;

  constructor(@Inject(DOCUMENTS) documents: DocumentStore) {
    const names = new ActorNames(documents);
    this.answers = {
      'diagnostics.requests': async (q): Promise<Paged<DiagnosticsRequestView>> => {
        const requests = DIAGNOSTICS_REQUESTS.in(documents);
        const filter = { chargerId: q.chargerId };
        const [docs, totalCount] = await Promise.all([
          requests.find(filter, { sort: { requestedAt: -1, _id: -1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
          requests.countDocuments(filter),
        ]);
        const known = await names.of(docs.map((d) => d.requestedBy.id));
        const now = new Date().toISOString();
        return { dataList: docs.map((d) => diagnosticsRequestView(d, known.get(d.requestedBy.id) ?? null, now)), totalCount };
      },
    };
  }
}
