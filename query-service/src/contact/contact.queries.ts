import type { AdminContactQuery, ContactRequestDetail, ContactRequestRow, MyContactRequest, Paged } from '@evc/contracts';
import type { Doc, DocumentStore, Filter } from '@evc/platform';
import { CONTACT_REQUESTS, type ContactRequestDoc } from '@evc/projections';
import { ActorNames } from '../identity/index';
import { runAdminList, type ListAnswer } from '../shared/admin-list';
import { bound } from '../charging/index';

/** The managers' row: never the details, replies or comments (those are the detail's, for contact.manage only). */
export const contactRequestRow = (d: ContactRequestDoc): ContactRequestRow => ({
  requestId: d.requestId,
  fullName: d.fullName,
  email: d.email,
  title: d.title,
  type: d.type,
  status: d.status,
  customerId: d.customerId,
  locale: d.locale,
  replyCount: d.replyCount,
  commentCount: d.commentCount,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** A customer's own request: the replies' words and times only; comments and who replied never leave the inbox. */
export const myContactRequest = (d: ContactRequestDoc): MyContactRequest => ({
  requestId: d.requestId,
  title: d.title,
  type: d.type,
  details: d.details,
  status: d.status,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  replies: d.replies.map(({ replyId, message, at }) => ({ replyId, message, at })),
});

export class ContactQueries {
  private readonly names: ActorNames;
  constructor(private readonly documents: DocumentStore) {
    this.names = new ActorNames(documents);
  }

  /** Filters status, type and the created date (Cairo days, `to` inclusive); search over name, e-mail and title. */
  list(q: AdminContactQuery): Promise<ListAnswer<ContactRequestRow>> {
    const filter: Filter = {};
    if (q.status) filter.status = q.status;
    if (q.type) filter.type = q.type;
    if (q.from || q.to) {
      const range: Doc = {};
      if (q.from) range.$gte = bound(q.from, false);
      if (q.to) range.$lt = bound(q.to, true);
      filter.createdAt = range;
    }
    return runAdminList(
      {
        collection: CONTACT_REQUESTS.in(this.documents),
        filter,
        sortable: { createdAt: 'createdAt', updatedAt: 'updatedAt', status: 'status', type: 'type', fullName: 'fullName', title: 'title' },
        defaultSort: { createdAt: -1, _id: 1 },
        toView: contactRequestRow,
        columns: [
          { header: 'Request', value: (v) => v.requestId },
          { header: 'Created', value: (v) => v.createdAt },
          { header: 'Status', value: (v) => v.status },
          { header: 'Type', value: (v) => v.type },
          { header: 'Full name', value: (v) => v.fullName },
          { header: 'E-mail', value: (v) => v.email },
          { header: 'Title', value: (v) => v.title },
          { header: 'Replies', value: (v) => v.replyCount },
        ],
      },
      q,
    );
  }

  async get(requestId: string): Promise<ContactRequestDetail | null> {
    const d = await CONTACT_REQUESTS.in(this.documents).findOne({ _id: requestId });
    if (!d) return null;
    const names = await this.names.of([...d.replies.map((r) => r.byId), ...d.comments.map((c) => c.byId)]);
    const by = (id: string) => ({ id, name: names.get(id) ?? null });
    return {
      ...contactRequestRow(d),
      details: d.details,
      replies: d.replies.map((r) => ({ replyId: r.replyId, message: r.message, at: r.at, by: by(r.byId), delivery: r.delivery })),
      comments: d.comments.map((c) => ({ commentId: c.commentId, text: c.text, at: c.at, by: by(c.byId) })),
      revision: d.revision,
    };
  }

  /** Only the caller's own requests: filtered by their account id, newest first. */
  async mine(customerId: string, q: { page: number; pageSize: number }): Promise<Paged<MyContactRequest>> {
    const requests = CONTACT_REQUESTS.in(this.documents);
    const [docs, totalCount] = await Promise.all([
      requests.find({ customerId }, { sort: { createdAt: -1, _id: 1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      requests.countDocuments({ customerId }),
    ]);
    return { dataList: docs.map(myContactRequest), totalCount };
  }
}
