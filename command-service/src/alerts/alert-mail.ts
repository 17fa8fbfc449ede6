import type { AlertCause, AlertKind, Locale } from '@evc/contracts';
import type { Mail } from '@evc/platform/mail/mailer';
import { BRAND, esc } from '../identity/index';

const KIND: Record<Locale, Record<AlertKind, string>> = {
  en: {
    faulted: 'Connector faulted',
    silent: 'Charger silent',
    'transaction-stuck': 'Transaction never ended',
    'preparing-stuck': 'Connector stuck in Preparing',
  },
  ar: {
    faulted: 'عطل في الموصل',
    silent: 'الشاحن لا يستجيب',
    'transaction-stuck': 'معاملة لم تنتهِ',
    'preparing-stuck': 'موصل عالق في التحضير',
  },
};

const WORDS: Record<
  Locale,
  { opened: string; resolved: string; charger: string; station: string; connector: string; error: string; since: string; open: string }
> = {
  en: {
    opened: 'Alert',
    resolved: 'Resolved',
    charger: 'Charger',
    station: 'Station',
    connector: 'Connector',
    error: 'Error',
    since: 'Since (UTC)',
    open: 'Open the alert',
  },
  ar: {
    opened: 'تنبيه',
    resolved: 'تم الحل',
    charger: 'الشاحن',
    station: 'المحطة',
    connector: 'الموصل',
    error: 'الخطأ',
    since: 'منذ (بالتوقيت العالمي)',
    open: 'افتح التنبيه',
  },
};

export interface AlertMailInput {
  to: string;
  locale: Locale;
  about: 'opened' | 'resolved';
  alertId: string;
  kind: AlertKind;
  chargerId: string;
  stationName: string | null;
  cause: AlertCause;
  /** How it was resolved: what the charger reported, or the staff member's why. */
  resolution: string | null;
  /** The site's base URL (the link opens the alert in the staff inbox). */
  publicUrl: string;
}

/** An alert's opening or resolution, mailed to one subscribed staff member in their language (Arabic right to left). */
export function alertMail(input: AlertMailInput): Mail {
  const w = WORDS[input.locale];
  const kind = KIND[input.locale][input.kind];
  const c = input.cause;
  const error = [c.errorCode, c.vendorErrorCode, c.info].filter((x): x is string => Boolean(x)).join(' · ');
  const lines: [string, string][] = [
    [w.charger, input.chargerId],
    ...(input.stationName ? ([[w.station, input.stationName]] as [string, string][]) : []),
    ...(c.connectorId ? ([[w.connector, String(c.connectorId)]] as [string, string][]) : []),
    ...(error ? ([[w.error, error]] as [string, string][]) : []),
    [w.since, c.since],
    ...(input.resolution ? ([[w.resolved, input.resolution]] as [string, string][]) : []),
  ];
  const link = `${input.publicUrl}/admin/Alerts?selected=${input.alertId}${input.locale === 'ar' ? '&lang=ar' : ''}`;
  const subject = `${input.about === 'opened' ? w.opened : w.resolved}: ${kind} - ${input.chargerId}`;
  const text = `${subject}\n\n${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${w.open}: ${link}\n\n${BRAND[input.locale]}\n`;
  const dir = input.locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${input.locale}" dir="${dir}"><body style="font-family:system-ui,sans-serif">
<h1 style="font-size:1.2rem">${esc(subject)}</h1><table>${lines.map(([k, v]) => `<tr><th style="text-align:start">${esc(k)}</th><td><bdi>${esc(v)}</bdi></td></tr>`).join('')}</table>
<p><a href="${esc(link)}">${esc(w.open)}</a></p><p style="color:#666">${esc(BRAND[input.locale])}</p></body></html>`;
  return { to: input.to, subject, text, html, locale: input.locale };
}
