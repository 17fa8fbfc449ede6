// In the browser: every tab of the customer's profile with bad and good input in English and Arabic, and
// the managers' inbox: a reply that reaches the customer live (requests tab, notification, header count) while the
// internal comment never does. Assertions read what a person sees, and what the server recorded.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CustomerProfileView, MailView } from '@evc/contracts';
import { tinyPng } from '../support/admin';
import { TEST_ADMIN, bearer, getJson } from '../support/app';
import { givenVerifiedCustomer, mailsTo } from '../support/identity';
import { LANGS, describeJourney, localDigits, type Journey, type Lang } from './support/journey';
import { say, words, type Words } from './support/words';

/** The demo seed's MG4 (its brand, type and battery range are in every seeded catalog). */
const CAR = { brandId: 'brand-mg', typeId: 'type-mg-mg4', batteryRangeId: 'battery-60-80' };

async function signInCustomer(
  journey: Journey,
  lang: Lang,
  who: { email: string; password: string },
): Promise<{ page: Page; t: Words; token: string }> {
  const t = await words(lang);
  const page = await journey.open('/SignInUp', { lang });
  await page.getByLabel(t['auth.email']!, { exact: true }).fill(who.email);
  await page.getByLabel(t['auth.password']!, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
  await page.waitForURL(/\/profile/i);
  return { page, t, token: (await page.evaluate("sessionStorage.getItem('token')")) as string };
}

const toast = (page: Page, text: string) => page.getByTestId('toasts').getByText(text, { exact: true }).waitFor();
const alertText = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

describeJourney('the customer profile and the managers inbox', (journey) => {
  for (const lang of LANGS) {
    it(`${lang}: every profile tab refuses bad input in its language and keeps good input`, async () => {
      const customer = await givenVerifiedCustomer(journey.app, { locale: lang });
      const { page, t, token } = await signInCustomer(journey, lang, customer);
      const tab = (id: string) => page.getByRole('tab', { name: t[id], exact: true });
      const label = (id: string) => page.getByLabel(t[id]!, { exact: true });
      const button = (id: string) => page.getByRole('button', { name: t[id], exact: true });
      expect(await tab('profile.tab.personal').getAttribute('aria-selected')).toBe('true');

      // 1. personal info
      await label('auth.firstName').fill('M');
      await label('auth.phone').fill(localDigits('0101', lang));
      await label('profile.address').fill('ab');
      await button('common.save').click();
      await alertText(page, t['validation.egyptian_mobile']!);
      await alertText(page, say(t, lang, 'validation.too_small', { origin: 'string', minimum: 3 }));
      expect(await label('auth.firstName').getAttribute('aria-invalid')).toBe('true');
      await label('auth.firstName').fill(lang === 'ar' ? 'مريم' : 'Mariam');
      await label('auth.phone').fill(localDigits('01112345678', lang));
      await label('profile.address').fill(lang === 'ar' ? '١٢ شارع النيل، الزمالك' : '12 Nile Street, Zamalek');
      await label('profile.delivery.same').uncheck();
      await label('profile.delivery.address').fill(lang === 'ar' ? '٥ ميدان التحرير' : '5 Tahrir Square');
      await page
        .getByLabel(t['profile.picture']!, { exact: true })
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng(9, 9, [30, 60, 90]) });
      await page.getByTestId('profile-picture').waitFor();
      await button('common.save').click();
      await toast(page, t['profile.saved']!);
      await expect
        .poll(async () => (await getJson<CustomerProfileView>(journey.app.baseUrl, '/api/queries/me/profile', bearer(token))).body)
        .toMatchObject({
          firstName: lang === 'ar' ? 'مريم' : 'Mariam',
          phone: '01112345678',
          deliveryAddress: { sameAsHome: false },
          pictureFileId: expect.stringMatching(/^[a-f0-9]{64}$/),
        });
      await page.reload();
      expect(await label('auth.firstName').inputValue()).toBe(lang === 'ar' ? 'مريم' : 'Mariam');
      expect(await label('profile.delivery.same').isChecked()).toBe(false);

      // 2. change password
      await tab('profile.tab.password').click();
      await label('account.currentPassword').fill('NotMyPassw0rd');
      await label('auth.newPassword').fill('Charge2026y');
      await label('auth.confirmPassword').fill('Charge2026z');
      await button('account.changePassword').click();
      await alertText(page, t['validation.password_mismatch']!);
      await label('auth.confirmPassword').fill('Charge2026y');
      await button('account.changePassword').click();
      await alertText(page, t['error.identity.old_password_incorrect']!);
      await label('account.currentPassword').fill(customer.password);
      await button('account.changePassword').click();
      await toast(page, t['account.passwordChanged']!);

      // 3. car info: add, edit, remove
      await tab('profile.tab.car').click();
      await button('car.submit').click();
      await alertText(page, t['car.brand.required']!);
      await alertText(page, t['car.licence.required']!);
      await label('car.brand').selectOption(CAR.brandId);
      await label('car.type').selectOption(CAR.typeId);
      await label('car.range').selectOption(CAR.batteryRangeId);
      await label('car.front').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: tinyPng(8, 5, [1, 2, 3]) });
      // The front image uploaded first: a submit during its upload is a different answer from "the back is missing".
      await page.getByRole('status').filter({ hasText: t['car.upload.done']! }).first().waitFor();
      await button('car.submit').click();
      await alertText(page, t['car.back.required']!);
      await label('car.back').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: tinyPng(8, 5, [4, 5, 6]) });
      await page.getByRole('status').filter({ hasText: t['car.upload.done']! }).nth(1).waitFor();
      await button('car.submit').click();
      await toast(page, t['car.added']!);
      const line = page.getByTestId('car-line').first();
      await line.waitFor();
      const starts = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
      await line.getByRole('button', { name: starts(t['common.edit']!) }).click();
      await label('car.licence.customs').check();
      await button('car.save').click();
      await alertText(page, t['car.customs.required']!);
      await label('car.customs').setInputFiles({ name: 'customs.png', mimeType: 'image/png', buffer: tinyPng(8, 5, [7, 8, 9]) });
      await page.getByRole('status').filter({ hasText: t['car.upload.done']! }).first().waitFor();
      await button('car.save').click();
      await toast(page, t['car.updated']!);
      await expect.poll(() => line.textContent()).toContain(t['car.licence.hasCustoms']);
      await line.getByRole('button', { name: starts(t['car.remove']!) }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t['car.remove'], exact: true }).click();
      await toast(page, t['car.removed']!);
      await page.getByText(t['car.list.empty']!).waitFor();

      // 4. requests: none yet, and where to send one
      await tab('profile.tab.requests').click();
      await page.getByText(t['profile.requests.empty']!).waitFor();
      expect(await page.getByRole('link', { name: t['profile.requests.new'], exact: true }).getAttribute('href')).toBe('/ContactUs');

      // 5. wallet: the top-up amount's rule
      await tab('profile.tab.wallet').click();
      await button('wallet.topUp.open').click();
      const dialog = page.getByRole('dialog', { name: t['wallet.topUp.title'], exact: true });
      await dialog.getByLabel(t['wallet.topUp.amount']!, { exact: true }).fill(localDigits('0', lang));
      await dialog.getByRole('button', { name: t['wallet.topUp.pay'], exact: true }).click();
      await dialog.getByText(t['wallet.amount.amount_min']!).waitFor();
      await page.keyboard.press('Escape');

      // 6. sessions
      await tab('profile.tab.sessions').click();
      await page.getByText(t['charging.sessions.empty']!).waitFor();
    });
  }

  it('a manager replies and comments: the reply reaches the customer live (Arabic), the comment never does', async () => {
    const COMMENT = 'Internal only: called the site engineer';
    const REPLY = 'أعدنا تشغيل الشاحن، جرّبي مرة أخرى من فضلك.';
    const TITLE = 'الشاحن في الزمالك لا يبدأ الشحن أبدًا';
    const customer = await givenVerifiedCustomer(journey.app, { locale: 'ar' });
    const { page: mine, t: ar } = await signInCustomer(journey, 'ar', customer);

    // the customer writes from the public form while signed in: the request is theirs
    await mine.goto('/ContactUs');
    await mine.getByLabel(ar['contact.fullName']!).fill('منى حسن');
    await mine.getByLabel(ar['contact.email']!).fill(customer.email);
    await mine.getByLabel(ar['contact.type']!).selectOption('complaint');
    await mine.getByLabel(ar['contact.subject']!).fill(TITLE);
    await mine.getByLabel(ar['contact.details']!).fill('ضغطت على البدء مرتين ولم يحدث شيء.');
    await mine.getByRole('button', { name: ar['contact.send'], exact: true }).click();
    await toast(mine, ar['contact.sent']!);
    await mine.goto('/Notifcation');
    await mine.getByText(say(ar, 'ar', 'notification.unseenCount', { count: 0 })).waitFor();

    // the manager, in English
    const en = await words('en');
    const staff = await journey.open('/admin/Contactusrequests', { lang: 'en' });
    await staff.waitForURL(/\/Signin/i);
    await staff.getByLabel(en['auth.email']!, { exact: true }).fill(TEST_ADMIN.email);
    await staff.getByLabel(en['auth.password']!, { exact: true }).fill(TEST_ADMIN.password);
    await staff.getByRole('button', { name: en['auth.signIn'], exact: true }).click();
    await staff.waitForURL(/\/admin\/Contactusrequests/i);
    await staff.getByRole('cell', { name: TITLE }).click();
    await staff.getByRole('heading', { level: 2, name: TITLE }).waitFor();
    await staff.getByText(en['contactRequests.language.ar']!).waitFor();
    await staff.getByLabel(en['contactRequests.commentLabel']!, { exact: true }).fill(COMMENT);
    await staff.getByRole('button', { name: en['contactRequests.addComment'], exact: true }).click();
    await toast(staff, en['contactRequests.commentSaved']!);
    await staff.getByTestId('contact-comment').filter({ hasText: COMMENT }).waitFor();
    await staff.getByLabel(en['contactRequests.replyLabel']!, { exact: true }).fill(REPLY);
    await staff.getByRole('button', { name: en['contactRequests.sendReply'], exact: true }).click();
    await toast(staff, en['contactRequests.replySent']!);
    await staff.getByTestId('contact-reply').filter({ hasText: en['contactRequests.delivery.sent']! }).waitFor();
    await staff.getByLabel(en['contactRequests.statusLabel']!, { exact: true }).selectOption('needs_action');
    await staff.getByRole('button', { name: en['contactRequests.updateStatus'], exact: true }).click();
    await toast(staff, en['contactRequests.statusUpdated']!);

    // the customer's open notifications page: the count rises and the notification arrives without a reload
    const badge = mine.locator('header').getByText(say(ar, 'ar', 'notification.badge', { count: 1 }));
    await badge.waitFor({ state: 'attached', timeout: 15_000 });
    const note = mine.getByTestId('notification').filter({ hasText: say(ar, 'ar', 'notification.kind.contact_replied', { title: TITLE }) });
    await note.waitFor();
    await note.getByRole('button', { name: ar['notification.markSeen'] }).click();
    await badge.waitFor({ state: 'detached' });
    await mine.getByText(say(ar, 'ar', 'notification.unseenCount', { count: 0 })).waitFor();

    // the requests tab: the reply and the new status, never the comment
    await note.getByRole('link', { name: ar['notification.viewReply'], exact: true }).click();
    await expect.poll(() => mine.url()).toMatch(/\/profile\?tab=4$/);
    const request = mine.getByTestId('contact-request').filter({ hasText: TITLE });
    await request.getByTestId('contact-reply').filter({ hasText: REPLY }).waitFor();
    await request.getByText(ar['contactRequests.status.needs_action']!).waitFor();
    expect(await mine.content()).not.toContain(COMMENT);

    // the mail went out in Arabic, right to left, without the comment
    const mails: MailView[] = (await mailsTo(journey.app, customer.email, 2)).filter((m) => m.text.includes(REPLY));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: 'ar', subject: `رد: ${TITLE}` });
    expect(mails[0]!.html).toContain('dir="rtl"');
    expect(mails[0]!.text).not.toContain(COMMENT);
  });
});
