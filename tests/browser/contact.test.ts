// Journey 4: the contact form — translated validation next to its fields, the success toast on the
// inline-end corner, and the ContactRequestSubmitted event in the log.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { LANGS, box, describeJourney, eventually, type Lang } from './support/journey';

const TEXT = {
  en: {
    title: 'Contact us',
    fullName: 'Full name',
    email: 'E-mail',
    type: 'Message type',
    subject: 'Title',
    details: 'Request details',
    send: 'Send',
    complaint: 'Complaint',
    errors: {
      fullName: 'Must be at least 2 characters',
      email: 'Enter a valid e-mail address',
      type: 'Choose one of the options',
      subject: 'Must be at least 20 characters',
      details: 'This field is required',
    },
    toast: 'Successful operation',
    sent: 'Your request has been sent. We will reply by e-mail.',
    data: {
      fullName: 'Mona Adel',
      title: 'Charger at Maadi station is offline',
      details: 'The second connector has shown an error since this morning.',
    },
  },
  ar: {
    title: 'اتصل بنا',
    fullName: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    type: 'نوع الرسالة',
    subject: 'العنوان',
    details: 'تفاصيل الطلب',
    send: 'إرسال',
    complaint: 'شكوى',
    errors: {
      fullName: 'يجب ألا يقل عن حرفين',
      email: 'أدخل بريداً إلكترونياً صحيحاً',
      type: 'اختر أحد الخيارات',
      subject: 'يجب ألا يقل عن ٢٠ حرفاً',
      details: 'هذا الحقل مطلوب',
    },
    toast: 'تمت العملية بنجاح',
    sent: 'تم إرسال طلبك. سنرد عليك عبر البريد الإلكتروني.',
    data: { fullName: 'منى عادل', title: 'الشاحن في محطة المعادي لا يعمل', details: 'الموصل الثاني يعرض خطأً منذ صباح اليوم.' },
  },
};

type FieldKey = keyof (typeof TEXT)['en']['errors'];

/** The texts the field's aria-describedby points to (its error and hint). */
const description = (field: Locator) =>
  field.evaluate((el) =>
    String(el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );

/** The error shown just under `field`, starting on the same (inline-start) edge. */
async function expectErrorNextTo(page: Page, lang: Lang, field: Locator, message: string) {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await description(field)).toContain(message);
  const error = page.getByRole('alert').filter({ hasText: new RegExp(`^${message}$`) });
  const [f, e] = [await box(field), await box(error)];
  expect(e.y).toBeGreaterThanOrEqual(f.y + f.height - 1);
  expect(e.y - (f.y + f.height)).toBeLessThan(48);
  if (lang === 'ar') expect(Math.abs(e.x + e.width - (f.x + f.width))).toBeLessThan(2);
  else expect(Math.abs(e.x - f.x)).toBeLessThan(2);
}

describeJourney('contact form', (journey) => {
  const submitted = async (email: string) =>
    (await journey.app.embedded.infra.eventStore.readAll()).filter(
      (e) => e.type === 'ContactRequestSubmitted' && (e.data as { email?: string }).email === email,
    );

  for (const lang of LANGS) {
    const t = TEXT[lang];
    const fields = (page: Page): Record<FieldKey, Locator> => ({
      fullName: page.getByLabel(t.fullName),
      email: page.getByLabel(t.email),
      type: page.getByLabel(t.type),
      subject: page.getByLabel(t.subject),
      details: page.getByLabel(t.details),
    });

    it(`${lang}: empty and short fields show translated errors next to their labelled fields, and nothing is sent`, async () => {
      const page = await journey.open('/ContactUs', { lang });
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      const f = fields(page);
      const email = `not-an-email-${lang}`;
      await f.fullName.fill('M');
      await f.email.fill(email);
      await f.subject.fill('Too short');
      await page.getByRole('button', { name: t.send }).click();

      await page.getByText(t.errors.fullName, { exact: true }).waitFor();
      for (const key of Object.keys(f) as FieldKey[]) await expectErrorNextTo(page, lang, f[key], t.errors[key]);
      // focus goes to the first field to fix
      await expect.poll(() => f.fullName.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      // correcting a field clears its error
      await f.fullName.fill('Mona');
      expect(await f.fullName.getAttribute('aria-invalid')).toBeNull();
      expect(await page.getByText(t.errors.fullName, { exact: true }).count()).toBe(0);
      expect(await submitted(email)).toEqual([]);
    });

    it(`${lang}: a valid request shows the success toast below the header in the ${lang === 'ar' ? 'left' : 'right'} corner and is stored as an event`, async () => {
      const page = await journey.open('/ContactUs', { lang });
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      const f = fields(page);
      const email = `visitor-${lang}-${randomUUID().slice(0, 8)}@example.com`;
      await f.fullName.fill(`  ${t.data.fullName}  `);
      await f.email.fill(email);
      await f.type.selectOption({ label: t.complaint });
      await f.subject.fill(t.data.title);
      await f.details.fill(t.data.details);
      await page.getByRole('button', { name: t.send }).click();

      const toast = page.getByRole('status').locator('div', { hasText: t.toast }).filter({ hasText: t.sent }).first();
      await toast.waitFor();
      const b = await box(toast);
      const viewport = page.viewportSize()!;
      // just below the header (a toast never covers the header's buttons), in the inline-end corner
      const header = await box(page.getByRole('banner').first());
      expect(b.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(b.y).toBeLessThan(header.y + header.height + 40);
      expect(b.y + b.height).toBeLessThan(viewport.height / 2);
      if (lang === 'ar') {
        expect(b.x).toBeLessThan(40);
        expect(b.x + b.width).toBeLessThan(viewport.width / 2);
      } else {
        expect(viewport.width - (b.x + b.width)).toBeLessThan(40);
        expect(b.x).toBeGreaterThan(viewport.width / 2);
      }

      const events = await eventually(
        () => submitted(email),
        (list) => list.length > 0,
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toEqual({
        requestId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        fullName: t.data.fullName,
        email,
        type: 'complaint',
        title: t.data.title,
        details: t.data.details,
        // the page's language (replies are mailed in it); a visitor's request is linked to no customer
        locale: lang,
      });
      // the form is cleared for the next request
      expect(await f.fullName.inputValue()).toBe('');
      expect(await f.details.inputValue()).toBe('');
    });
  }
});
