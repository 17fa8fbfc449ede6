import type { Locale } from '@evc/contracts';
import type { Mail } from '@evc/platform/mail/mailer';
import { BRAND, esc } from '../identity/index';

const WORDS: Record<
  Locale,
  { subject: (title: string) => string; greeting: (name: string) => string; intro: string; yours: string; footer: string }
> = {
  en: {
    subject: (title) => `Re: ${title}`,
    greeting: (name) => `Hello ${name},`,
    intro: `Thank you for contacting ${BRAND.en}. Our reply to your request:`,
    yours: 'Your request',
    footer: 'You can also read this reply in your profile, under Requests, when you are signed in.',
  },
  ar: {
    subject: (title) => `رد: ${title}`,
    greeting: (name) => `مرحبًا ${name}،`,
    intro: `شكرًا لتواصلك مع ${BRAND.ar}. ردّنا على طلبك:`,
    yours: 'طلبك',
    footer: 'يمكنك أيضًا قراءة هذا الرد في ملفك الشخصي، في قسم الطلبات، بعد تسجيل الدخول.',
  },
};

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * A manager's reply to a contact request, in the request's language (Arabic right to left), as text and HTML. Only a
 * request sent while signed in is in a profile: an anonymous sender's mail does not point them there.
 */
export function contactReplyMail(input: {
  to: string;
  name: string;
  locale: Locale;
  title: string;
  details: string;
  message: string;
  signedIn: boolean;
}): Mail {
  const w = { ...WORDS[input.locale], ...(input.signedIn ? {} : { footer: '' }) };
  const dir = input.locale === 'ar' ? 'rtl' : 'ltr';
  const quoted = input.details
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = `${w.greeting(input.name)}\n\n${w.intro}\n\n${input.message}\n\n${w.yours}: ${input.title}\n${quoted}\n${w.footer ? `\n${w.footer}\n` : ''}`;
  const html = `<!doctype html><html lang="${input.locale}" dir="${dir}"><body style="font-family:system-ui,sans-serif">
<p>${esc(w.greeting(input.name))}</p><p>${esc(w.intro)}</p>${paragraphs(input.message)}
<blockquote style="color:#555;border-inline-start:3px solid #ccc;padding-inline-start:0.75rem;margin-inline:0"><strong>${esc(w.yours)}: ${esc(input.title)}</strong>${paragraphs(input.details)}</blockquote>
${w.footer ? `<p style="color:#666">${esc(w.footer)}</p>` : ''}</body></html>`;
  return { to: input.to, subject: w.subject(input.title), text, html, locale: input.locale };
}
