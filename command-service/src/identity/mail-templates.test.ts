import { describe, expect, it } from 'vitest';
import { contactReplyMail } from '../contact/index';
import { arabicMinutes, renderMail } from './mail-templates';

const mail = (locale: 'en' | 'ar', minutes = 60) =>
  renderMail('verification', { to: 'a@example.com', name: 'Mona', locale, link: 'https://evc.example/verifyEmail?token=abc', minutes });

/** The Arabic password-reset mail, its link valid for 30 minutes. */
const arabicReset = () =>
  renderMail('reset', {
    to: 'a@example.com',
    name: 'Mona',
    locale: 'ar',
    link: 'https://evc.example/resetPassword?token=abc',
    minutes: 30,
  });

describe('mails in the reader’s language', () => {
  it('the Arabic verification mail writes its minutes in Eastern Arabic digits, the noun agreeing with the number', () => {
    expect(mail('ar', 60).text).toContain('صالح لمدة ٦٠ دقيقة.');
    expect(mail('ar', 10).text).toContain('صالح لمدة ١٠ دقائق.');
    expect([arabicMinutes(1), arabicMinutes(2), arabicMinutes(3), arabicMinutes(11), arabicMinutes(1440)]).toEqual([
      'دقيقة واحدة',
      'دقيقتين',
      '٣ دقائق',
      '١١ دقيقة',
      '١٬٤٤٠ دقيقة',
    ]);
    // no Western digit outside the link
    expect(mail('ar', 1440).text.replace(/https:\S+/g, '')).not.toMatch(/[0-9]/);
    const reset = arabicReset();
    expect(reset.text).toContain('ولمدة ٣٠ دقيقة.');
  });

  it('verification and reset links open the site in the mail’s language', () => {
    expect(mail('ar').text).toContain('https://evc.example/verifyEmail?token=abc&lang=ar');
    expect(mail('ar').html).toContain('href="https://evc.example/verifyEmail?token=abc&#38;lang=ar"');
    expect(mail('en').text).toContain('https://evc.example/verifyEmail?token=abc\n');
    const reset = arabicReset();
    expect(reset.text).toContain('resetPassword?token=abc&lang=ar');
  });

  it('the reply mail names the product as the site does, and sends only signed-in senders to their profile', () => {
    const reply = (locale: 'en' | 'ar', signedIn: boolean) =>
      contactReplyMail({
        to: 'a@example.com',
        name: 'Mona',
        locale,
        title: 'Card',
        details: 'Where is my card?',
        message: 'On its way.',
        signedIn,
      });
    expect(reply('en', true).text).toContain('Thank you for contacting EV Charge Egypt.');
    expect(reply('ar', true).text).toContain('شكرًا لتواصلك مع شحن مصر الكهربائي.');
    expect(reply('en', true).text).toContain('in your profile');
    expect(reply('en', false).text).not.toContain('profile');
    expect(reply('ar', false).text).not.toContain('ملفك الشخصي');
    expect(reply('ar', false).html).not.toContain('ملفك الشخصي');
  });
});
