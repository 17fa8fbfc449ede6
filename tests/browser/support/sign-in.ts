import type { Page } from 'playwright-core';
import { TEST_ADMIN, TEST_CUSTOMER_PASSWORD } from '../../support/app';
import { DEMO_CUSTOMER_EMAIL } from '../../support/charging-story';
import type { Journey, Lang } from './journey';
import { words, type Words } from './words';

/**
 * Opens a guarded screen as a visitor: the guard sends them to sign in (staff: /Signin, customers: /SignInUp), the
 * seeded super admin or the demo customer signs in and lands back on the screen.
 */
export async function signInAs(journey: Journey, screen: string, lang: Lang, who: 'staff' | 'customer'): Promise<{ page: Page; t: Words }> {
  const t = await words(lang);
  const page = await journey.open(screen, { lang });
  await page.waitForURL(who === 'staff' ? /\/Signin/i : /\/SignInUp/i);
  await page.getByLabel(t['auth.email']!, { exact: true }).fill(who === 'staff' ? TEST_ADMIN.email : DEMO_CUSTOMER_EMAIL);
  await page.getByLabel(t['auth.password']!, { exact: true }).fill(who === 'staff' ? TEST_ADMIN.password : TEST_CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
  await page.waitForURL((url) => url.pathname.toLowerCase() === screen.split('?')[0]!.toLowerCase());
  return { page, t };
}
