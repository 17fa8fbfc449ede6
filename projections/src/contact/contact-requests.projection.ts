import type { ContactStatus, ContactType, Locale } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection, ProjectionContext, RecordedEventOf } from '../runner/projection';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

export interface ContactReplyDoc {
  replyId: string;
  message: string;
  at: string;
  /** The manager's account id (names are looked up when read, so a renamed manager shows the new name). */
  byId: string;
  delivery: 'pending' | 'sent' | 'failed';
}
export interface ContactCommentDoc {
  commentId: string;
  text: string;
  at: string;
  byId: string;
}

export type ContactRequestDoc = {
  _id: string;
  requestId: string;
  fullName: string;
  email: string;
  title: string;
  type: ContactType;
  details: string;
  locale: Locale;
  /** The signed-in customer who sent it, or null (a visitor). */
  customerId: string | null;
  status: ContactStatus;
  createdAt: string;
  updatedAt: string;
  replies: ContactReplyDoc[];
  /** Internal: managers only. Every answer to a customer or to other staff leaves it out. */
  comments: ContactCommentDoc[];
  replyCount: number;
  commentCount: number;
  /** Name, e-mail and title, lower-cased (the managers' search). */
  searchText: string;
  /** The stream's revision (set-status checks it). */
  revision: number;
  position: number;
};
export const CONTACT_REQUESTS = readModel<ContactRequestDoc>(READ_MODELS.contactRequests);

/** Every change is private: to the linked customer's /api/live/me, and to staff holding contact.manage. */
const changedRequest = (context: ProjectionContext, doc: Pick<ContactRequestDoc, '_id' | 'customerId'>) =>
  context.changed(READ_MODELS.contactRequests, doc._id, doc.customerId ? [doc.customerId] : []);

type LaterEvent = 'ContactRequestReplied' | 'ContactReplyDelivered' | 'ContactRequestCommented' | 'ContactRequestStatusChanged';

/** A change to a filed request: the document rewritten whole (replies and comments keyed by id, so replays are no-ops). */
function onRequest<K extends LaterEvent>(
  apply: (doc: ContactRequestDoc, event: RecordedEventOf<K>) => Partial<ContactRequestDoc>,
): EventHandler<K> {
  return async (event, context) => {
    const requests = CONTACT_REQUESTS.in(context.documents);
    const doc = await requests.findOne({ _id: event.data.requestId });
    if (!doc) return;
    const next = { ...doc, ...apply(doc, event), updatedAt: event.metadata.occurredAt, revision: event.revision, position: event.position };
    await requests.replaceOne({ _id: doc._id }, { ...next, replyCount: next.replies.length, commentCount: next.comments.length });
    changedRequest(context, doc);
  };
}

/** The item replaces the one with its key where it stands, or is added at the end. */
const upsertBy = <T, K extends keyof T>(list: T[], key: K, item: T): T[] =>
  list.some((x) => x[key] === item[key]) ? list.map((x) => (x[key] === item[key] ? item : x)) : [...list, item];

/** Contact requests for the managers' inbox and the customer's requests tab. */
export const contactRequestsProjection: Projection = {
  name: 'contact-requests',
  collections: [READ_MODELS.contactRequests],
  async setup(documents: DocumentStore) {
    const requests = documents.collection(READ_MODELS.contactRequests);
    await requests.createIndex({ status: 1 });
    await requests.createIndex({ createdAt: -1 });
    await requests.createIndex({ customerId: 1, createdAt: -1 });
  },
  on: {
    async ContactRequestSubmitted({ data, metadata, position, revision }, context) {
      const doc: ContactRequestDoc = {
        _id: data.requestId,
        requestId: data.requestId,
        fullName: data.fullName,
        email: data.email,
        title: data.title,
        type: data.type,
        details: data.details,
        locale: data.locale ?? 'en',
        customerId: data.customerId ?? null,
        status: 'new',
        createdAt: metadata.occurredAt,
        updatedAt: metadata.occurredAt,
        replies: [],
        comments: [],
        replyCount: 0,
        commentCount: 0,
        searchText: `${data.fullName} ${data.email} ${data.title}`.toLowerCase(),
        revision,
        position,
      };
      await CONTACT_REQUESTS.in(context.documents).replaceOne({ _id: doc._id }, doc, { upsert: true });
      changedRequest(context, doc);
    },
    ContactRequestReplied: onRequest((doc, { data, metadata }) => {
      const existing = doc.replies.find((r) => r.replyId === data.replyId);
      const reply: ContactReplyDoc = {
        replyId: data.replyId,
        message: data.message,
        at: data.at,
        byId: metadata.actor.id,
        delivery: existing?.delivery ?? 'pending',
      };
      return { replies: upsertBy(doc.replies, 'replyId', reply) };
    }),
    ContactReplyDelivered: onRequest((doc, { data }) => ({
      replies: doc.replies.map((r) => (r.replyId === data.replyId ? { ...r, delivery: data.outcome } : r)),
    })),
    ContactRequestCommented: onRequest((doc, { data, metadata }) => ({
      comments: upsertBy(doc.comments, 'commentId', { commentId: data.commentId, text: data.text, at: data.at, byId: metadata.actor.id }),
    })),
    ContactRequestStatusChanged: onRequest((_doc, { data }) => ({ status: data.status })),
  },
};
