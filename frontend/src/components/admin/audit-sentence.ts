import type { IntlShape } from 'react-intl';
import type { AuditEntry } from '@evc/contracts/audit';
import type { Locale } from '@evc/contracts/shared';
import { formatCairo } from '../../lib/cairo-time';
import { formatMoney, formatNumber } from '../../lib/format';

/** Fields in piastres and in Wh: shown as money and energy, never as raw integers. */
const MONEY = new Set([
  'amount',
  'cost',
  'fee',
  'balanceAfter',
  'balanceAtStart',
  'minimumCharge',
  'acPricePerKwh',
  'dcPricePerKwh',
  'bookingFeePerMinute',
  'welcomeCredit',
]);
const ENERGY = new Set(['energyWh', 'meterStartWh', 'meterStopWh']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Whatever names a secret is never shown, not even that it changed (the sentence says so where it matters). */
const SECRET = /hash|secret|password|token/i;
const NONE = '—';

/** A field's value as a person reads it in `locale`: money, energy, Cairo time, the page's digits; objects are not shown. */
export function showValue(intl: IntlShape, locale: Locale, field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (MONEY.has(field)) return formatMoney(value, locale);
    if (ENERGY.has(field))
      return intl.formatMessage(
        { id: 'admin.sessions.kwhValue' },
        { value: formatNumber(value / 1000, locale, { maximumFractionDigits: 3 }) },
      );
    return formatNumber(value, locale, { useGrouping: false });
  }
  if (typeof value === 'boolean') return intl.formatMessage({ id: value ? 'audit.yes' : 'audit.no' });
  if (typeof value === 'string') return ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? formatCairo(value, locale) : value;
  return null;
}

/**
 * The values a sentence may name: each field the event wrote, as a person reads it. Any other placeholder reads "—"
 * (a message names only fields of its own event, but an unchanged one is not in the entry).
 */
function sentenceValues(intl: IntlShape, locale: Locale, entry: AuditEntry): Record<string, string> {
  const values: Record<string, string> = {};
  for (const change of entry.changes) {
    if (SECRET.test(change.field) || change.masked) continue;
    const shown = showValue(intl, locale, change.field, change.after);
    if (shown !== null) values[change.field] = shown;
    // a station's chargers are one list: the charger attached or detached is the one in only one of before and after
    if (change.field === 'chargers' && Array.isArray(change.after)) {
      const before = Array.isArray(change.before) ? (change.before as unknown[]) : [];
      const after = change.after as unknown[];
      const moved = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
      if (moved.length === 1) values.chargerId = String(moved[0]);
    }
  }
  // An item's name in the page's language: the Arabic one (nameAr, nameTranslation) wherever it has one.
  const name = locale === 'ar' ? (values.nameAr ?? values.nameTranslation ?? values.name ?? values.nameEn) : (values.nameEn ?? values.name);
  if (name !== undefined) values.itemName = name;
  return new Proxy(values, { has: () => true, get: (target, name) => (typeof name === 'string' ? (target[name] ?? NONE) : undefined) });
}

/** The entry as one sentence in the page's language: its type's message, or a neutral one for a type without. */
export function auditSentence(intl: IntlShape, locale: Locale, entry: AuditEntry): string {
  const id = `audit.event.${entry.type}`;
  if (!Object.prototype.hasOwnProperty.call(intl.messages, id)) return intl.formatMessage({ id: 'audit.event.other' });
  return intl.formatMessage({ id }, sentenceValues(intl, locale, entry));
}

/**
 * The fields a person needs to see changed (a translated label each), before → after; internal fields and secrets
 * never. A field masked for this viewer (as the event explorer masks it) says why it is hidden, never what it holds.
 */
export function auditDetails(
  intl: IntlShape,
  locale: Locale,
  entry: AuditEntry,
): { label: string; before: string; after: string; masked?: string }[] {
  return entry.changes.flatMap((change) => {
    const label = `audit.field.${change.field}`;
    const labelled = Object.prototype.hasOwnProperty.call(intl.messages, label);
    if (change.masked && change.masked !== 'secret' && !SECRET.test(change.field)) {
      return [
        {
          label: labelled ? intl.formatMessage({ id: label }) : change.field,
          before: NONE,
          after: NONE,
          masked: intl.formatMessage({ id: `events.masked.${change.masked}` }),
        },
      ];
    }
    if (SECRET.test(change.field) || change.masked || change.before === null || !labelled) return [];
    return [
      {
        label: intl.formatMessage({ id: label }),
        before: showValue(intl, locale, change.field, change.before) ?? NONE,
        after: showValue(intl, locale, change.field, change.after) ?? NONE,
      },
    ];
  });
}

/** Who acted when the server names no one: a staff member, the customer, or the system (the seed, a sweep, a charger). */
export const actorText = (intl: IntlShape, type: string): string =>
  intl.formatMessage({ id: `audit.actor.${type === 'staff' || type === 'customer' ? type : 'system'}` });

/** A reason the product itself writes (the seed's, a sweep's) in the page's language; a person's own words as typed. */
export function reasonText(intl: IntlShape, reason: string): string {
  const id = `audit.systemReason.${reason}`;
  return Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.formatMessage({ id }) : reason;
}
