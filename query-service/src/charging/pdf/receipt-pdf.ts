import { CURRENCY, PIASTRES_PER_EGP, type BookingEndReason, type ReceiptView } from '@evc/contracts';
import { PAGE, PdfDocument } from './pdf-document';
import { cairoFont } from './woff-font';

export type ReceiptLanguage = 'en' | 'ar';

/** Minutes in Arabic: Eastern Arabic digits, the noun agreeing with the number ("١٠ دقائق", "١١ دقيقة"). */
function arabicMinutes(n: number): string {
  const digits = new Intl.NumberFormat('ar-EG').format(n);
  const form = new Intl.PluralRules('ar').select(n);
  return form === 'one' ? 'دقيقة واحدة' : form === 'two' ? 'دقيقتان' : form === 'few' ? `${digits} دقائق` : `${digits} دقيقة`;
}

/** The PDF's words. The screen's are in the frontend's catalogs (receipt.*); these say the same. */
const LABELS = {
  en: {
    brand: 'EV Charge Egypt',
    session: 'Charging receipt',
    booking: 'Booking receipt',
    number: 'Receipt number',
    issued: 'Issued',
    customer: 'Customer',
    station: 'Station',
    charger: 'Charger',
    connector: 'Connector',
    car: 'Car',
    started: 'Started',
    stopped: 'Stopped',
    energy: 'Energy',
    price: 'Price per kWh',
    energyCost: 'Energy cost',
    minimum: 'Minimum charge',
    minimumApplied: 'The minimum charge applied: the energy cost was below it.',
    chargingCost: 'Charging cost',
    slot: 'Booked slot',
    ended: 'Booking ended',
    bookingFee: 'Booking fee',
    total: 'Total',
    balanceAfter: 'Wallet balance after',
    kwh: (v: string) => `${v} kWh`,
    perKwh: (v: string) => `${v} / kWh`,
    minutes: (n: number, fee: string) => `${n} min × ${fee}`,
    footer: 'Times are Cairo time (Africa/Cairo). Amounts in Egyptian pounds, paid from your wallet.',
    endReason: {
      customer: 'Cancelled by you',
      staff: 'Cancelled by our team',
      no_show: 'Not used (no-show)',
      session_started: 'Charging started',
      charger_faulted: 'The charger could not hold it',
      charger_unavailable: 'The charger could not hold it',
    } satisfies Record<BookingEndReason, string>,
  },
  ar: {
    brand: 'شحن مصر الكهربائي',
    session: 'إيصال شحن',
    booking: 'إيصال حجز',
    number: 'رقم الإيصال',
    issued: 'تاريخ الإصدار',
    customer: 'العميل',
    station: 'المحطة',
    charger: 'الشاحن',
    connector: 'الموصل',
    car: 'السيارة',
    started: 'بدأ الشحن',
    stopped: 'انتهى الشحن',
    energy: 'الطاقة',
    price: 'سعر الكيلوواط ساعة',
    energyCost: 'تكلفة الطاقة',
    minimum: 'الحد الأدنى للتكلفة',
    minimumApplied: 'طبق الحد الأدنى للتكلفة لأن تكلفة الطاقة أقل منه.',
    chargingCost: 'تكلفة الشحن',
    slot: 'موعد الحجز',
    ended: 'انتهاء الحجز',
    bookingFee: 'رسوم الحجز',
    total: 'الإجمالي',
    balanceAfter: 'رصيد المحفظة بعد الخصم',
    kwh: (v: string) => `${v} كيلوواط ساعة`,
    perKwh: (v: string) => `${v} / كيلوواط ساعة`,
    minutes: (n: number, fee: string) => `${arabicMinutes(n)} × ${fee}`,
    footer: 'الأوقات بتوقيت القاهرة. المبالغ بالجنيه المصري ودفعت من محفظتك.',
    endReason: {
      customer: 'ألغيته بنفسك',
      staff: 'ألغاه فريقنا',
      no_show: 'لم يستخدم (عدم حضور)',
      session_started: 'بدأ الشحن',
      charger_faulted: 'تعذر على الشاحن حجزه',
      charger_unavailable: 'تعذر على الشاحن حجزه',
    } satisfies Record<BookingEndReason, string>,
  },
} as const;

const intlLocale = (lang: ReceiptLanguage) => (lang === 'ar' ? 'ar-EG' : 'en-GB');

/** Formats a receipt's figures as the screen does (lib/format, lib/cairo-time): EGP, kWh, Cairo time, the language's digits. */
export function receiptFormat(lang: ReceiptLanguage) {
  const locale = intlLocale(lang);
  const currency = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Cairo' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'Africa/Cairo' });
  return {
    money: (piastres: number) => {
      const text = currency.format(piastres / PIASTRES_PER_EGP);
      return lang === 'ar' ? text.replace(/ج\.م\.(?=\u200f?$)/u, 'ج.م') : text;
    },
    kwh: (wh: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(wh / 1000),
    integer: (n: number) => new Intl.NumberFormat(locale).format(n),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
  };
}

type Row = { label: string; value: string; bold?: boolean } | { note: string } | 'rule';

/** The receipt's rows, in reading order. */
export function receiptRows(r: ReceiptView, lang: ReceiptLanguage): Row[] {
  const t = LABELS[lang];
  const f = receiptFormat(lang);
  const rows: Row[] = [
    { label: t.number, value: r.receiptNumber },
    { label: t.issued, value: f.dateTime(r.issuedAt) },
    { label: t.customer, value: r.customerName },
    { label: t.station, value: lang === 'ar' ? r.stationNameAr || r.stationNameEn : r.stationNameEn },
    { label: t.charger, value: r.chargerId },
    { label: t.connector, value: `#${f.integer(r.connectorId)} · ${r.connectorType} · ${r.current}` },
  ];
  const s = r.session;
  if (s) {
    const car = lang === 'ar' ? (s.carLabelAr ?? s.carLabel) : s.carLabel;
    if (car) rows.push({ label: t.car, value: car });
    if (s.startedAt) rows.push({ label: t.started, value: f.dateTime(s.startedAt) });
    if (s.stoppedAt) rows.push({ label: t.stopped, value: f.dateTime(s.stoppedAt) });
    rows.push(
      'rule',
      { label: t.energy, value: t.kwh(f.kwh(s.energyWh)) },
      { label: t.price, value: t.perKwh(f.money(s.pricePerKwh)) },
      { label: t.energyCost, value: f.money(s.energyCost) },
    );
    if (s.minimumApplied) rows.push({ label: t.minimum, value: f.money(s.minimumCharge) }, { note: t.minimumApplied });
    rows.push({ label: t.chargingCost, value: f.money(s.cost) });
  }
  const b = r.booking;
  if (b) {
    if (!s) rows.push({ label: t.slot, value: `${f.dateTime(b.startsAt)} – ${f.time(b.endsAt)}` });
    if (!s && b.endReason)
      rows.push({ label: t.ended, value: `${t.endReason[b.endReason]}${b.endedAt ? ` · ${f.dateTime(b.endedAt)}` : ''}` });
    if (!s) rows.push('rule');
    rows.push({ label: `${t.bookingFee} (${t.minutes(b.minutes, f.money(b.feePerMinute))})`, value: f.money(b.fee) });
  }
  rows.push(
    'rule',
    { label: t.total, value: f.money(r.total), bold: true },
    { label: t.balanceAfter, value: f.money(r.walletBalanceAfter) },
  );
  return rows;
}

/** The receipt as a one-page A4 PDF in the language asked for (Arabic right to left), in the product's typeface. */
export function receiptPdf(r: ReceiptView, lang: ReceiptLanguage): Buffer {
  const rtl = lang === 'ar';
  const t = LABELS[lang];
  const doc = new PdfDocument(
    { arabic: cairoFont('arabic', 400), latin: cairoFont('latin', 400) },
    { arabic: cairoFont('arabic', 700), latin: cairoFont('latin', 700) },
    rtl,
  );
  const margin = 56;
  const start = rtl ? PAGE.width - margin : margin;
  const end = rtl ? margin : PAGE.width - margin;
  const startAlign = rtl ? 'right' : 'left';
  const endAlign = rtl ? 'left' : 'right';
  let y = PAGE.height - margin - 10;
  doc.text(t.brand, start, y, { size: 20, bold: true, align: startAlign });
  y -= 26;
  doc.text(r.kind === 'session' ? t.session : t.booking, start, y, { size: 14, align: startAlign });
  y -= 14;
  doc.rule(margin, PAGE.width - margin, y, 1);
  y -= 24;
  for (const row of receiptRows(r, lang)) {
    if (row === 'rule') {
      doc.rule(margin, PAGE.width - margin, y + 8, 0.5);
      y -= 14;
    } else if ('note' in row) {
      doc.text(row.note, start, y, { size: 9.5, muted: true, align: startAlign });
      y -= 18;
    } else {
      const size = row.bold ? 13 : 11;
      doc.text(row.label, start, y, { size, bold: row.bold, muted: !row.bold, align: startAlign });
      doc.text(row.value, end, y, { size, bold: row.bold, align: endAlign });
      y -= row.bold ? 24 : 20;
    }
  }
  doc.text(t.footer, start, margin, { size: 9, muted: true, align: startAlign });
  return doc.toBuffer({ title: `${r.kind === 'session' ? t.session : t.booking} ${r.receiptNumber}`, createdAt: new Date(r.issuedAt) });
}
