import type {
  CardAdminView,
  CardRequestAdminView,
  CardRequestView,
  CardRequestsAdminQuery,
  CardView,
  CardsAdminQuery,
  Paged,
} from '@evc/contracts';
import { OPEN_CARD_REQUEST_STATUSES } from '@evc/contracts';
import type { Doc, DocumentStore, Filter } from '@evc/platform';
import { CARDS, CARD_REQUESTS, type CardDoc, type CardRequestDoc } from '@evc/projections';
import { runAdminList, type ListAnswer } from '../shared/admin-list';
import { bound } from '../charging/index';
import { exactly } from '../shared/exact-view';

interface Page {
  page: number;
  pageSize: number;
}

export function cardRequestAdminView(d: CardRequestDoc): CardRequestAdminView {
  const { _id, searchText, position, ...view } = d;
  return exactly<CardRequestAdminView>()(view);
}

/** The customer's view: no staff names in the timeline, no revision, no owner fields. */
export function cardRequestView(d: CardRequestDoc): CardRequestView {
  const { customerId, customerName, customerEmail, revision, ...view } = cardRequestAdminView(d);
  return exactly<CardRequestView>()({ ...view, timeline: view.timeline.map((s) => ({ ...s, actorName: null })) });
}

export function cardAdminView(d: CardDoc): CardAdminView {
  const { _id, searchText, position, ...view } = d;
  return exactly<CardAdminView>()(view);
}

export function cardView(d: CardDoc): CardView {
  const { customerId, customerName, revision, ...view } = cardAdminView(d);
  return exactly<CardView>()(view);
}

/** Created-date range: a date without a time is a Cairo calendar day, `to` inclusive. */
function createdRange(q: Pick<CardRequestsAdminQuery, 'from' | 'to'>): Doc | null {
  if (!q.from && !q.to) return null;
  const range: Doc = {};
  if (q.from) range.$gte = bound(q.from, false);
  if (q.to) range[/^\d{4}-\d{2}-\d{2}$/.test(q.to) ? '$lt' : '$lte'] = bound(q.to, true);
  return range;
}

const STATUS_COLUMN_EN: Record<string, string> = {
  requested: 'New',
  in_progress: 'In progress',
  needs_action: 'Needs action',
  in_delivery: 'In delivery',
  delivered: 'Delivered',
  rejected: 'Rejected',
  canceled: 'Canceled',
};

/** Card requests and cards: the customer's own (always filtered by the signed-in customer) and the staff lists. */
export class CardsQueries {
  constructor(private readonly documents: DocumentStore) {}

  async myRequests(customerId: string, q: Page): Promise<Paged<CardRequestView>> {
    const requests = CARD_REQUESTS.in(this.documents);
    const [docs, totalCount] = await Promise.all([
      requests.find({ customerId }, { sort: { createdAt: -1, _id: 1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      requests.countDocuments({ customerId }),
    ]);
    return { dataList: docs.map(cardRequestView), totalCount };
  }

  async myCards(customerId: string, q: Page): Promise<Paged<CardView>> {
    const cards = CARDS.in(this.documents);
    const [docs, totalCount] = await Promise.all([
      cards.find({ customerId }, { sort: { issueDate: -1, _id: 1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      cards.countDocuments({ customerId }),
    ]);
    return { dataList: docs.map(cardView), totalCount };
  }

  requestsList(q: CardRequestsAdminQuery): Promise<ListAnswer<CardRequestAdminView>> {
    const filter: Filter = {};
    if (q.status) filter.status = q.status;
    else if (q.open)
      filter.status = q.open === 'true' ? { $in: [...OPEN_CARD_REQUEST_STATUSES] } : { $nin: [...OPEN_CARD_REQUEST_STATUSES] };
    if (q.kind) filter.kind = q.kind;
    if (q.governorateId) filter.governorateId = q.governorateId;
    if (q.customerId) filter.customerId = q.customerId;
    const created = createdRange(q);
    if (created) filter.createdAt = created;
    return runAdminList(
      {
        collection: CARD_REQUESTS.in(this.documents),
        filter,
        sortable: {
          createdAt: 'createdAt',
          updatedAt: 'updatedAt',
          status: 'status',
          customerName: 'customerName',
          governorate: 'governorateNameEn',
        },
        defaultSort: { createdAt: -1, _id: 1 },
        toView: cardRequestAdminView,
        columns: [
          { header: 'Request ID', value: (v) => v.requestId },
          { header: 'Created', value: (v) => v.createdAt },
          { header: 'Kind', value: (v) => v.kind },
          { header: 'Status', value: (v) => STATUS_COLUMN_EN[v.status] ?? v.status },
          { header: 'Customer', value: (v) => v.customerName },
          { header: 'E-mail', value: (v) => v.customerEmail },
          { header: 'Phone', value: (v) => v.phone },
          { header: 'Reference name', value: (v) => v.referenceName },
          { header: 'Governorate', value: (v) => v.governorateNameEn },
          { header: 'Delivery address', value: (v) => v.deliveryAddress },
          { header: 'Card ID', value: (v) => v.cardId },
          { header: 'Issue date', value: (v) => v.issueDate },
          { header: 'Note', value: (v) => v.note },
        ],
      },
      q,
    );
  }

  async request(requestId: string): Promise<CardRequestAdminView | null> {
    const doc = await CARD_REQUESTS.in(this.documents).findOne({ _id: requestId });
    return doc ? cardRequestAdminView(doc) : null;
  }

  cardsList(q: CardsAdminQuery): Promise<ListAnswer<CardAdminView>> {
    const filter: Filter = {};
    if (q.status) filter.status = q.status;
    if (q.customerId) filter.customerId = q.customerId;
    return runAdminList(
      {
        collection: CARDS.in(this.documents),
        filter,
        sortable: { cardId: 'cardId', issueDate: 'issueDate', status: 'status', customerName: 'customerName' },
        defaultSort: { issueDate: -1, _id: 1 },
        toView: cardAdminView,
        columns: [
          { header: 'Card ID', value: (v) => v.cardId },
          { header: 'Reference name', value: (v) => v.referenceName },
          { header: 'Issue date', value: (v) => v.issueDate },
          { header: 'Status', value: (v) => v.status },
          { header: 'Customer', value: (v) => v.customerName },
          { header: 'Reason', value: (v) => v.statusReason },
        ],
      },
      q,
    );
  }
}
