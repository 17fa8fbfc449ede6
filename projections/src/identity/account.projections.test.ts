import { describe, expect, it } from 'vitest';
import type { Actor } from '@evc/contracts';
import { harness } from '../testing/projection-harness';
import { READ_MODELS } from '../shared/read-models';

const CUSTOMER = 'cust-1';
const MANAGER: Actor = { type: 'staff', id: 'manager-1' };
const REQUEST = 'req-1';
const at = '2026-03-02T09:00:00.000Z';
const submitted = (customerId?: string) => ({
  stream: `contact-request-${REQUEST}`,
  type: 'ContactRequestSubmitted',
  data: {
    requestId: REQUEST,
    fullName: 'Mona Hassan',
    email: 'mona@example.com',
    title: 'Charger at Zamalek',
    type: 'complaint',
    details: 'It does not start',
    locale: 'ar',
    ...(customerId ? { customerId } : {}),
  },
  actor: customerId ? { type: 'customer' as const, id: customerId } : { type: 'visitor' as const, id: 'anonymous' },
});
const onRequest = (type: string, data: Record<string, unknown>, actor: Actor = MANAGER) => ({
  stream: `contact-request-${REQUEST}`,
  type,
  data: { requestId: REQUEST, ...data },
  actor,
});

describe('contact requests projection', () => {
  it('keeps replies and comments by id, counts them, follows status and delivery; replays change nothing', async () => {
    const h = harness();
    const events = await h.given(
      submitted(CUSTOMER),
      onRequest('ContactRequestReplied', { replyId: 'r-1', message: 'We reset it', to: 'mona@example.com', locale: 'ar', at }),
      onRequest('ContactRequestCommented', { commentId: 'k-1', text: 'Called the site', at }),
      onRequest('ContactReplyDelivered', { replyId: 'r-1', outcome: 'sent', error: null, at }, { type: 'system', id: 'mailer' }),
      onRequest('ContactRequestStatusChanged', { status: 'closed', from: 'new', at }),
    );
    const doc = await h.get(READ_MODELS.contactRequests, REQUEST);
    expect(doc).toMatchObject({
      customerId: CUSTOMER,
      status: 'closed',
      locale: 'ar',
      replyCount: 1,
      commentCount: 1,
      replies: [{ replyId: 'r-1', byId: 'manager-1', delivery: 'sent' }],
      comments: [{ commentId: 'k-1', text: 'Called the site', byId: 'manager-1' }],
      revision: 4,
    });
    // every change goes privately to the linked customer (and staff holding contact.manage), never on the public stream
    expect(h.changes.filter((c) => c.collection === READ_MODELS.contactRequests).every((c) => c.customerIds?.join() === CUSTOMER)).toBe(
      true,
    );
    await h.replay(events.slice(1));
    expect(await h.get(READ_MODELS.contactRequests, REQUEST)).toEqual(doc);
  });

  it("a reply to a signed-in customer's request is their notification (id = the reply event's id); a visitor's is no one's", async () => {
    const h = harness();
    const [, replied] = await h.given(
      submitted(CUSTOMER),
      onRequest('ContactRequestReplied', { replyId: 'r-1', message: 'Hello', to: 'm', locale: 'ar', at }),
    );
    const notes = await h.find(READ_MODELS.notifications);
    expect(notes).toEqual([
      expect.objectContaining({
        _id: replied!.eventId,
        customerId: CUSTOMER,
        kind: 'contact_replied',
        isSeen: false,
        params: { requestId: REQUEST, title: 'Charger at Zamalek' },
        dateKey: '2026-03-02',
      }),
    ]);
    await h.given({
      stream: `notifications-${CUSTOMER}`,
      type: 'NotificationsSeen',
      data: { customerId: CUSTOMER, notificationIds: [replied!.eventId], at },
    });
    await h.replay([replied!]);
    expect((await h.find(READ_MODELS.notifications))[0]).toMatchObject({ isSeen: true });

    const visitor = harness();
    await visitor.given(submitted(), onRequest('ContactRequestReplied', { replyId: 'r-1', message: 'Hello', to: 'm', locale: 'en', at }));
    expect(await visitor.find(READ_MODELS.notifications)).toEqual([]);
    expect(await visitor.get(READ_MODELS.contactRequests, REQUEST)).toMatchObject({ customerId: null, replyCount: 1 });
  });
});

describe('customer profiles projection', () => {
  it('keeps the personal info and moves the identity views to the new e-mail and phone', async () => {
    const h = harness();
    const account = `account-${CUSTOMER}`;
    await h.given(
      {
        stream: account,
        type: 'CustomerSignedUp',
        data: {
          accountId: CUSTOMER,
          firstName: 'Mona',
          lastName: 'Hassan',
          email: 'm@example.com',
          phone: '01012345678',
          gender: 'female',
          locale: 'ar',
        },
      },
      {
        stream: account,
        type: 'CustomerDetailsUpdated',
        data: {
          accountId: CUSTOMER,
          phone: '01198765432',
          gender: 'female',
          address: '12 Nile St',
          deliveryAddress: { sameAsHome: true, address: null },
          pictureFileId: null,
        },
      },
      { stream: account, type: 'EmailChanged', data: { accountId: CUSTOMER, email: 'mona@example.com', previousEmail: 'm@example.com' } },
    );
    expect(await h.get(READ_MODELS.customerProfiles, CUSTOMER)).toEqual({
      _id: CUSTOMER,
      address: '12 Nile St',
      deliveryAddress: { sameAsHome: true, address: null },
      pictureFileId: null,
    });
    expect(await h.get(READ_MODELS.customers, CUSTOMER)).toMatchObject({
      email: 'mona@example.com',
      phone: '01198765432',
      revision: 2,
      searchText: 'mona hassan mona@example.com 01198765432',
    });
    expect(await h.get(READ_MODELS.accounts, CUSTOMER)).toMatchObject({ email: 'mona@example.com' });
  });
});

describe('cars projection: edits and removal', () => {
  it('an edit keeps when the car was registered; a removal takes it off the list', async () => {
    const h = harness();
    const car = { carId: 'car-1', customerId: CUSTOMER, brandId: 'b', typeId: 't', batteryRangeId: 'r' };
    await h.given(
      {
        stream: 'car-car-1',
        type: 'CarRegistered',
        data: { ...car, licence: { customsCertificateFileId: 'f1' }, at: '2026-03-01T08:00:00.000Z' },
      },
      {
        stream: 'car-car-1',
        type: 'CarUpdated',
        data: { ...car, licence: { frontFileId: 'f2', backFileId: 'f3' }, at: '2026-03-05T08:00:00.000Z' },
      },
    );
    expect(await h.get(READ_MODELS.cars, 'car-1')).toMatchObject({
      createdAt: '2026-03-01T08:00:00.000Z',
      licence: { frontFileId: 'f2', backFileId: 'f3' },
      revision: 1,
    });
    await h.given({ stream: 'car-car-1', type: 'CarRemoved', data: { carId: 'car-1', customerId: CUSTOMER, at } });
    expect(await h.find(READ_MODELS.cars)).toEqual([]);
  });
});
