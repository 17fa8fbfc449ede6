import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import type { NotificationView } from '@evc/contracts/charging';
import en from '../../../locales/en/app.json';
import ar from '../../../locales/ar/app.json';
import { notificationText } from './notification-text';

const notice = (kind: NotificationView['kind'], params: NotificationView['params']): NotificationView => ({
  notificationId: 'n1',
  kind,
  params: { bookingId: 'b1', stationNameEn: 'Zamalek', stationNameAr: 'الزمالك', startsAt: '2026-03-01T16:30:00.000Z', ...params },
  isSeen: false,
  incomingDate: '2026-03-01T10:00:00.000Z',
  dateKey: '2026-03-01',
});

describe("staff's booking changes in words", () => {
  const english = createIntl({ locale: 'en', messages: en });
  const arabic = createIntl({ locale: 'ar', messages: ar });

  it('a reschedule names the new start, Cairo time', () => {
    const text = notificationText(english, 'en', notice('booking_rescheduled', { previousStartsAt: '2026-03-01T10:30:00.000Z' }));
    expect(text).toMatch(/^Our staff moved your booking at Zamalek: it now starts at .*18:30/);
    expect(notificationText(arabic, 'ar', notice('booking_rescheduled', {}))).toMatch(
      /^نقل فريقنا حجزك في الزمالك: يبدأ الآن الساعة .*٦:٣٠/,
    );
  });

  it("a staff cancellation gives staff's reason; the customer's own does not", () => {
    const staff = notice('booking_cancelled', { by: 'staff', reason: 'Charger under maintenance', amount: 0 });
    expect(notificationText(english, 'en', staff)).toMatch(
      /^Our staff cancelled your booking at Zamalek, saying “Charger under maintenance”: EGP\s?0\.00\.$/,
    );
    expect(notificationText(arabic, 'ar', staff)).toContain('«Charger under maintenance»');
    expect(notificationText(english, 'en', notice('booking_cancelled', { by: 'customer', reason: null, amount: 150 }))).toMatch(
      /^Your booking at Zamalek was cancelled: EGP\s?1\.50\.$/,
    );
  });
});
