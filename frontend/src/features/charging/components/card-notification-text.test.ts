import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import type { NotificationView } from '@evc/contracts/charging';
import en from '../../../locales/en/app.json';
import ar from '../../../locales/ar/app.json';
import { notificationText } from './notification-text';

const notice = (kind: NotificationView['kind'], params: NotificationView['params']): NotificationView => ({
  notificationId: 'n1',
  kind,
  params,
  isSeen: false,
  incomingDate: '2026-03-01T10:00:00.000Z',
  dateKey: '2026-03-01',
});

describe('card notifications in words', () => {
  const english = createIntl({ locale: 'en', messages: en });
  const arabic = createIntl({ locale: 'ar', messages: ar });

  it('says each request status, with the note, reason or card ID it carries', () => {
    const text = (params: NotificationView['params']) =>
      notificationText(english, 'en', notice('card_request_status', { requestId: 'r1', note: null, cardId: null, ...params }));
    expect(text({ status: 'requested' })).toBe('We received your card request.');
    expect(text({ status: 'needs_action', note: 'Which floor?' })).toBe('Your card request needs action: Which floor?');
    expect(text({ status: 'rejected', note: 'Outside the delivery area' })).toBe(
      'Your card request was declined: Outside the delivery area',
    );
    expect(text({ status: 'delivered', cardId: 'EV-0042' })).toBe(
      'Your charging card EV-0042 is ready: it charges at any of our chargers.',
    );
    expect(
      notificationText(arabic, 'ar', notice('card_request_status', { requestId: 'r1', status: 'in_delivery', note: null, cardId: null })),
    ).toBe('بطاقة الشحن في الطريق إليك.');
  });

  it('says a card was turned off (the customer’s own report, or staff’s reason) or on', () => {
    const text = (status: string, reason: string) =>
      notificationText(english, 'en', notice('card_status', { cardId: 'EV-0042', status, reason }));
    expect(text('inactive', 'reported_lost')).toBe('Your charging card EV-0042 was deactivated.');
    expect(text('inactive', 'Suspected misuse')).toBe('Your charging card EV-0042 was deactivated: Suspected misuse');
    expect(text('active', 'Cleared')).toBe('Your charging card EV-0042 is active again.');
  });
});
