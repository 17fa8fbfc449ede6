// i18n-catalog: app — used only in the customer area (its layout and pages), after the app catalog has loaded.
import type { IntlShape } from 'react-intl';
import type { Locale } from '@evc/contracts/shared';
import type { NotificationView } from '@evc/contracts/charging';
import { formatMoney } from '../../../lib/format';
import { formatKwh, formatTime } from '../format';

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A notification's text in the current language, from its kind and params (money in piastres, energy in Wh). */
export function notificationText(intl: IntlShape, locale: Locale, n: NotificationView): string {
  const p = n.params;
  const station =
    (locale === 'ar' ? str(p.stationNameAr) || str(p.stationNameEn) : str(p.stationNameEn)) ||
    intl.formatMessage({ id: 'notification.aStation' });
  return intl.formatMessage(
    { id: `notification.kind.${n.kind}` },
    {
      station,
      energy: formatKwh(num(p.energyWh), locale),
      cost: formatMoney(num(p.cost), locale),
      amount: formatMoney(num(p.amount), locale),
      // card requests and cards: status codes select the sentence; notes and reasons are staff's words
      status: str(p.status),
      note: str(p.note),
      reason: str(p.reason),
      // a booking's cancellation: `staff` selects the sentence that gives staff's reason
      by: str(p.by) || 'other',
      cardId: str(p.cardId),
      title: str(p.title),
      // bookings: the slot's start, Cairo time
      time: str(p.startsAt) ? formatTime(str(p.startsAt), locale) : '',
    },
  );
}
