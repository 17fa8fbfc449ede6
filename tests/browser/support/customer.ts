// What journeys of the customer area share: the page's own words, and the demo customer signed in.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '@evc/platform/config/config';
import { TEST_CUSTOMER_PASSWORD } from '../../support/app';
import type { Journey, Lang } from './journey';

import { words, type Words } from './words';

export { words, type Words };

/** A catalog message with its {placeholders} filled (plain ones only). */
export const fill = (message: string, values: Record<string, string>) => message.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/** The demo customer (SEED_CUSTOMER_EMAIL's default; the test app sets the password). */
export const CUSTOMER_EMAIL = loadConfig({ DATA_DIR: '/tmp', PORT: '3000' }).SEED_CUSTOMER_EMAIL;

/** The demo customer signs in on /SignInUp in `lang` and lands on the profile; answers the page, the words and the token. */
export async function signInCustomer(journey: Journey, lang: Lang): Promise<{ page: Page; t: Words; token: string }> {
  const t = await words(lang);
  const page = await journey.open('/SignInUp', { lang });
  await page.getByLabel(t['auth.email']!, { exact: true }).fill(CUSTOMER_EMAIL);
  await page.getByLabel(t['auth.password']!, { exact: true }).fill(TEST_CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
  await page.waitForURL(/\/profile/i);
  const token = (await page.evaluate("sessionStorage.getItem('token')")) as string | null;
  expect(token).toMatch(/^ey/);
  return { page, t, token: token! };
}
