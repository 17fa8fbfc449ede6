import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { MailView } from '@evc/contracts';
import { mailboxDir } from '@evc/platform/mail/index';
import { TEST_ADMIN } from '../support/app';
import { ROOT } from '../support/process';
import { LANGS, describeJourney, localDigits, type Lang } from './support/journey';

/** The page's own words, read from the catalogs, so the journey follows what a person sees in each language. */
async function words(lang: Lang): Promise<Record<string, string>> {
  const read = async (catalog: string) =>
    JSON.parse(await readFile(path.join(ROOT, `frontend/src/locales/${lang}/${catalog}.json`), 'utf8')) as Record<string, string>;
  return { ...(await read('public')), ...(await read('app')) };
}

async function mailsTo(dataDir: string, to: string): Promise<MailView[]> {
  const dir = mailboxDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as MailView),
  );
  return mails.filter((m) => m.to === to);
}

describeJourney('identity in the browser', (journey) => {
  for (const lang of LANGS) {
    it(`${lang}: the admin area sends a visitor to staff sign-in, and the seeded super admin reaches the admins list`, async () => {
      const t = await words(lang);
      const page = await journey.open('/admin/admins', { lang });
      await page.waitForURL(/\/Signin/i);
      await page.getByLabel(t['auth.email']!, { exact: true }).fill(TEST_ADMIN.email);
      await page.getByLabel(t['auth.password']!, { exact: true }).fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
      await page.waitForURL(/\/admin\/admins/i);
      await page.getByRole('heading', { level: 1, name: t['admin.admins'] }).waitFor();
      await page.getByText(TEST_ADMIN.email).first().waitFor();
      expect(await page.evaluate("sessionStorage.getItem('token')")).toMatch(/^ey/);
    });

    it(`${lang}: a customer signs up, confirms the e-mail from the mail, and signs in`, async () => {
      const t = await words(lang);
      const email = `mona.${lang}.${Date.now()}@example.com`;
      const page = await journey.open('/SignUp', { lang });
      await page.getByLabel(t['auth.firstName']!, { exact: true }).fill(lang === 'ar' ? 'منى' : 'Mona');
      await page.getByLabel(t['auth.lastName']!, { exact: true }).fill(lang === 'ar' ? 'حسن' : 'Hassan');
      await page.getByLabel(t['auth.email']!, { exact: true }).fill(email);
      // Arabic visitors may type their number in Eastern Arabic digits.
      await page.getByLabel(t['auth.phone']!, { exact: true }).fill(localDigits('01012345678', lang));
      await page.getByLabel(t['auth.password']!, { exact: true }).fill('Charge2026x');
      await page.getByLabel(t['auth.confirmPassword']!, { exact: true }).fill('Charge2026x');
      await page.getByLabel(t['auth.gender']!, { exact: true }).selectOption('female');
      await page.getByRole('button', { name: t['auth.signUp.submit'], exact: true }).click();
      await page.getByText(t['auth.checkEmail.title']!).first().waitFor();

      await expect.poll(async () => (await mailsTo(journey.app.dataDir, email)).length, { timeout: 5000 }).toBeGreaterThan(0);
      const [mail] = await mailsTo(journey.app.dataDir, email);
      expect(mail!.locale).toBe(lang);
      const link = /https?:\/\/[^\s"<]+\/verifyEmail\?token=[\w-]+/.exec(mail!.text)?.[0];
      expect(link).toBeDefined();
      const url = new URL(link!);
      await page.goto(`${url.pathname}${url.search}${lang === 'ar' ? '&lang=ar' : ''}`);
      await page.getByText(t['auth.verify.doneTitle']!).first().waitFor();

      await page.goto(lang === 'ar' ? '/SignInUp?lang=ar' : '/SignInUp');
      await page.getByLabel(t['auth.email']!, { exact: true }).fill(email);
      await page.getByLabel(t['auth.password']!, { exact: true }).fill('Charge2026x');
      await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
      await page.waitForURL(/\/profile/i);
      await page.getByText(email).first().waitFor();
      expect(await page.evaluate("sessionStorage.getItem('userType')")).toBe('5');
    });
  }
});
