// Every route, public, customer and staff, on a phone (390 px) and a laptop (1280 px), in English and Arabic: the
// page never scrolls sideways (document.scrollingElement.scrollWidth stays within innerWidth). One app and one
// browser for the file; one signed-in tab per language, width and audience, visiting its routes one after another,
// each by a full load (a visitor arriving at the address), measured once its heading shows and again once its data
// has arrived and been laid out. The tabs are independent (their own context, only reads), so two of them run at
// once (it.concurrent; the browser project's maxConcurrency).
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cairoWallClock, type CarView, type Paged } from '@evc/contracts';
import { TEST_ADMIN, TEST_CUSTOMER_PASSWORD, bearer, getJson, postJson } from '../support/app';
import { LANGS, describeJourney, withQuery, type Journey, type Lang } from './support/journey';
import { CUSTOMER_EMAIL } from './support/customer';
import { settledPage, type Settling } from './support/settled';
import { words } from './support/words';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

const PUBLIC = [
  '/',
  '/About',
  '/howitworks',
  '/ChargingStations',
  '/ContactUs',
  '/terms',
  '/charge',
  '/demo',
  '/Signin',
  '/SignInUp',
  '/SignUp',
  '/ForgetPassword',
  '/signInForget',
  '/ForgetSignin',
  '/resetPasswordDone',
  '/linkExpired',
  '/timed-out',
  '/Error401',
  '/Error403',
  '/Error404',
  '/Error505',
  '/no-such-page',
];
const CUSTOMER = [
  '/profile',
  '/card-request',
  '/my-cards',
  '/wallet',
  '/my-bookings',
  '/my-bookings/new',
  '/my-sessions',
  '/start-charging',
  '/Notifcation',
  '/registerCarInfo',
];
const STAFF = [
  '/admin',
  '/admin/admins',
  '/admin/roles',
  '/admin/settings',
  '/admin/mailbox',
  '/admin/masterdata/carbrand',
  '/admin/masterdata/cartype',
  '/admin/masterdata/batteryrange',
  '/admin/countries',
  '/admin/governorates',
  '/admin/chargerManagement',
  '/admin/chargerspricingsettings',
  '/admin/users',
  '/admin/Contactusrequests',
  '/admin/cardrequests',
  '/admin/sessions',
  '/admin/bookings',
  '/admin/events',
  '/admin/events/1',
  '/admin/chargers/EVC-001-AC1/operations',
];

type Audience = 'public' | 'customer' | 'staff';
const ROUTES: Record<Audience, string[]> = { public: PUBLIC, customer: CUSTOMER, staff: STAFF };

/** A tab of `audience` in `lang` at `viewport`, signed in where the routes need it. */
async function tabOf(journey: Journey, audience: Audience, lang: Lang, viewport: { width: number; height: number }): Promise<Page> {
  if (audience === 'public') return journey.open('/', { lang, viewport });
  const t = await words(lang);
  const page = await journey.open(audience === 'staff' ? '/Signin' : '/SignInUp', { lang, viewport });
  await page.getByLabel(t['auth.email']!, { exact: true }).fill(audience === 'staff' ? TEST_ADMIN.email : CUSTOMER_EMAIL);
  await page.getByLabel(t['auth.password']!, { exact: true }).fill(audience === 'staff' ? TEST_ADMIN.password : TEST_CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: t['auth.signIn'], exact: true }).click();
  await page.waitForURL(audience === 'staff' ? /\/admin/i : /\/profile/i);
  return page;
}

/** How far the route's page reaches past the window, once its heading is shown and nothing in it still loads. */
async function overflowOf(page: Page, settling: Settling, route: string, lang: Lang): Promise<number> {
  await page.goto(lang === 'ar' ? withQuery(route, 'lang=ar') : route);
  await page.locator('main h1').first().waitFor();
  await page
    .waitForFunction(
      () =>
        !(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('main [role="progressbar"]'),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  // lists and maps settle after their data: measure twice, the second time once no request is in flight, and keep
  // the wider
  const measure = () =>
    page.evaluate(() => {
      const w = globalThis as unknown as { innerWidth: number; document: { scrollingElement: { scrollWidth: number } } };
      return w.document.scrollingElement.scrollWidth - w.innerWidth;
    });
  const first = await measure();
  await settling.settled();
  return Math.max(first, await measure());
}

/** The demo customer books a later slot, so that their bookings list, a booking's page and the staff list show one. */
async function bookLater(journey: Journey): Promise<string> {
  const customer = await postJson<{ token: string }>(journey.app.baseUrl, '/api/commands/auth.sign-in', {
    email: CUSTOMER_EMAIL,
    password: TEST_CUSTOMER_PASSWORD,
    audience: 'customer',
    rememberMe: false,
  });
  const { body: cars } = await getJson<Paged<CarView>>(journey.app.baseUrl, '/api/queries/me/cars', bearer(customer.body.token));
  const bookingId = randomUUID();
  const later = cairoWallClock(Date.now() + 5 * 3600_000);
  const booked = await postJson(
    journey.app.baseUrl,
    '/api/commands/bookings.create',
    { bookingId, carId: cars.dataList[0]!.carId, stationId: 'cai-maadi', connectorType: 'Type2', durationMinutes: 60, ...later },
    bearer(customer.body.token),
  );
  expect(booked.status).toBe(200);
  return bookingId;
}

describeJourney('no route scrolls sideways, at 390 and 1280 px, in English and Arabic', (journey) => {
  beforeAll(async () => {
    ROUTES.customer = [...CUSTOMER, `/my-bookings/${await bookLater(journey)}`];
  });
  for (const lang of LANGS) {
    for (const viewport of WIDTHS) {
      for (const audience of ['public', 'customer', 'staff'] as const) {
        it.concurrent(`[${lang}] ${viewport.width} px: ${audience} routes fit the window`, { timeout: 120_000 }, async (context) => {
          const page = await tabOf(journey, audience, lang, viewport);
          const settling = settledPage(page);
          const wider: string[] = [];
          for (const route of ROUTES[audience]) {
            const overflow = await overflowOf(page, settling, route, lang);
            if (overflow > 0) wider.push(`${route}: ${overflow} px too wide`);
          }
          context.expect(wider).toEqual([]);
        });
      }
    }
  }
});
