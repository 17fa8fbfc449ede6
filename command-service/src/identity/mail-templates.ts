import type { Locale } from '@evc/contracts';
import type { Mail } from '@evc/platform/mail/mailer';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Template {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  footer: string;
}

type Kind = 'verification' | 'reset' | 'welcomeStaff' | 'emailChanged';

/** The product's name as the site writes it in each language (the frontend's `app.name`). */
export const BRAND: Record<Locale, string> = { en: 'EV Charge Egypt', ar: 'شحن مصر الكهربائي' };

/** A count of minutes in Arabic: Eastern Arabic digits and the noun agreeing with the number. */
export function arabicMinutes(minutes: number): string {
  const n = minutes.toLocaleString('ar-EG');
  switch (new Intl.PluralRules('ar').select(minutes)) {
    case 'one':
      return 'دقيقة واحدة';
    case 'two':
      return 'دقيقتين';
    case 'few':
      return `${n} دقائق`;
    default:
      return `${n} دقيقة`;
  }
}

/** A link into the site that opens in the mail's language (the site reads `lang`; English is its default). */
export function inLanguage(link: string, locale: Locale): string {
  if (locale !== 'ar') return link;
  const url = new URL(link);
  url.searchParams.set('lang', 'ar');
  return url.toString();
}

const TEMPLATES: Record<Kind, Record<Locale, (minutes: number) => Template>> = {
  verification: {
    en: (minutes) => ({
      subject: 'Confirm your e-mail address',
      greeting: (name) => `Hello ${name},`,
      body: `Thank you for signing up to ${BRAND.en}. Confirm your e-mail address with the link below; it is valid for ${minutes} minutes.`,
      action: 'Confirm my e-mail',
      footer: 'If you did not sign up, ignore this mail.',
    }),
    ar: (minutes) => ({
      subject: 'تأكيد بريدك الإلكتروني',
      greeting: (name) => `مرحبًا ${name}،`,
      body: `شكرًا لتسجيلك في ${BRAND.ar}. أكّد بريدك الإلكتروني من الرابط أدناه؛ الرابط صالح لمدة ${arabicMinutes(minutes)}.`,
      action: 'تأكيد بريدي الإلكتروني',
      footer: 'إذا لم تقم بالتسجيل، تجاهل هذه الرسالة.',
    }),
  },
  reset: {
    en: (minutes) => ({
      subject: 'Reset your password',
      greeting: (name) => `Hello ${name},`,
      body: `We received a request to reset your password. The link below works once and for ${minutes} minutes.`,
      action: 'Choose a new password',
      footer: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    }),
    ar: (minutes) => ({
      subject: 'إعادة تعيين كلمة المرور',
      greeting: (name) => `مرحبًا ${name}،`,
      body: `تلقينا طلبًا لإعادة تعيين كلمة المرور. يعمل الرابط أدناه مرة واحدة فقط ولمدة ${arabicMinutes(minutes)}.`,
      action: 'اختيار كلمة مرور جديدة',
      footer: 'إذا لم تطلب ذلك، تجاهل هذه الرسالة: تبقى كلمة المرور كما هي.',
    }),
  },
  welcomeStaff: {
    en: () => ({
      subject: `Your staff account at ${BRAND.en}`,
      greeting: (name) => `Hello ${name},`,
      body: 'A staff account was created for you. Sign in with this e-mail address and the first password your administrator gives you, then change it in your settings.',
      action: 'Sign in',
      footer: 'If you did not expect this, tell your administrator.',
    }),
    ar: () => ({
      subject: `حسابك كموظف في ${BRAND.ar}`,
      greeting: (name) => `مرحبًا ${name}،`,
      body: 'تم إنشاء حساب موظف لك. سجّل الدخول بهذا البريد الإلكتروني وكلمة المرور الأولى التي يعطيك إياها المسؤول، ثم غيّرها من الإعدادات.',
      action: 'تسجيل الدخول',
      footer: 'إذا لم تكن تتوقع ذلك، أخبر المسؤول.',
    }),
  },
  // Sent to the previous address when a customer changes the e-mail they sign in with.
  emailChanged: {
    en: () => ({
      subject: 'Your e-mail address was changed',
      greeting: (name) => `Hello ${name},`,
      body: `The e-mail address you sign in to ${BRAND.en} with was changed in your profile. From now on, sign in with the new address.`,
      action: 'Not you? Contact us',
      footer: 'If you made this change, there is nothing else to do.',
    }),
    ar: () => ({
      subject: 'تم تغيير بريدك الإلكتروني',
      greeting: (name) => `مرحبًا ${name}،`,
      body: `تم تغيير البريد الإلكتروني الذي تسجّل به الدخول إلى ${BRAND.ar} من ملفك الشخصي. من الآن، سجّل الدخول بالعنوان الجديد.`,
      action: 'لم تقم بذلك؟ تواصل معنا',
      footer: 'إذا كنت أنت من قام بهذا التغيير، فلا حاجة لفعل أي شيء آخر.',
    }),
  },
};

/** A mail written in the recipient's language (Arabic right to left), as text and as HTML; its link opens in that language. */
export function renderMail(kind: Kind, mail: { to: string; name: string; locale: Locale; link: string; minutes?: number }): Mail {
  const input = { ...mail, link: inLanguage(mail.link, mail.locale) };
  const t = TEMPLATES[kind][input.locale](Math.round(input.minutes ?? 0));
  const dir = input.locale === 'ar' ? 'rtl' : 'ltr';
  const text = `${t.greeting(input.name)}\n\n${t.body}\n\n${t.action}: ${input.link}\n\n${t.footer}\n`;
  const html = `<!doctype html><html lang="${input.locale}" dir="${dir}"><body style="font-family:system-ui,sans-serif">
<p>${esc(t.greeting(input.name))}</p><p>${esc(t.body)}</p>
<p><a href="${esc(input.link)}">${esc(t.action)}</a></p><p style="color:#666">${esc(t.footer)}</p></body></html>`;
  return { to: input.to, subject: t.subject, text, html, locale: input.locale };
}
