// Journey 5: the shell — unknown paths, case-insensitive routes, error screens, page views, keyboard and labels.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LANGS, describeJourney, eventually, withQuery, type Lang } from './support/journey';

const TEXT = {
  en: {
    notFound: 'Page not found',
    notFoundBody: 'The page you are looking for does not exist or has moved.',
    backToAdmin: 'Back to admin',
    backHome: 'Back to the home page',
    about: 'About us',
    stations: 'Stations',
    stationsTitle: 'Charging stations',
    skip: 'Skip to content',
    menu: 'Menu',
    home: 'Home',
    errors: {
      '/Error401': ['Unauthorized', 'Sorry, your request could not be processed.'],
      '/Error403': ['Access Denied', 'We are sorry, but you do not have access to this page or resource.'],
      '/Error505': ['Internal server error', 'The server encountered an internal error. Please try again later.'],
    },
  },
  ar: {
    notFound: 'الصفحة غير موجودة',
    notFoundBody: 'الصفحة التي تبحث عنها غير موجودة أو تم نقلها.',
    backToAdmin: 'العودة إلى لوحة الإدارة',
    backHome: 'العودة إلى الصفحة الرئيسية',
    about: 'من نحن',
    stations: 'المحطات',
    stationsTitle: 'محطات الشحن',
    skip: 'انتقل إلى المحتوى',
    menu: 'القائمة',
    home: 'الرئيسية',
    errors: {
      '/Error401': ['غير مصرح', 'عذراً، تعذّرت معالجة طلبك.'],
      '/Error403': ['تم رفض الوصول', 'نأسف، ليس لديك صلاحية الوصول إلى هذه الصفحة أو هذا المورد.'],
      '/Error505': ['خطأ داخلي في الخادم', 'واجه الخادم خطأً داخلياً. يُرجى المحاولة لاحقاً.'],
    },
  },
} satisfies Record<Lang, unknown>;

const PUBLIC_PAGES = ['/', '/About', '/howitworks', '/ChargingStations', '/ContactUs', '/terms', '/charge'];

const h1 = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });

/** What has keyboard focus, and whether a sighted user can see where it is. */
function focused(page: Page) {
  return page.locator(':focus').evaluate((el) => {
    const style = el.ownerDocument.defaultView.getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const view = el.ownerDocument.defaultView;
    return {
      text: String(el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      inHeader: !!el.closest('header'),
      focusVisible: el.matches(':focus-visible') as boolean,
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      onScreen: r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= view.innerHeight && r.left >= 0 && r.right <= view.innerWidth,
    };
  });
}

async function tabTo(page: Page, text: string, maxTabs = 6) {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now, `focus #${i + 1}`).toMatchObject({ focusVisible: true, outline: true, onScreen: true });
    if (now.text === text) return now;
  }
  throw new Error(`"${text}" was not reached with ${maxTabs} tabs`);
}

describeJourney('shell: routing, error screens, page views, accessibility', (journey) => {
  const viewsOf = async (path: string) => {
    const docs = await journey.app.embedded.infra.documents
      .collection<{ _id: string; count: number }>('page_views')
      .find({ path })
      .toArray();
    return docs.reduce((n, d) => n + d.count, 0);
  };

  for (const lang of LANGS) {
    const t = TEXT[lang];

    it(`${lang}: an unknown public path shows "Page not found" leading home; an unknown admin path leads back to /admin`, async () => {
      const page = await journey.open('/no-such-page/at-all', { lang });
      await h1(page, t.notFound).waitFor();
      await page.getByText(t.notFoundBody, { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: t.backToAdmin }).count()).toBe(0);
      const home = page.getByRole('main').getByRole('link', { name: t.backHome });
      expect(await home.getAttribute('href')).toBe('/');
      await home.click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('main h1').filter({ hasNotText: t.notFound }).first().waitFor();

      await page.goto('/admin/no-such-screen');
      // the admin area's 404, or its sign-in gate on the way there
      const back = page.getByRole('link', { name: t.backToAdmin });
      const signIn = page.locator('input[type=email]');
      await back.or(signIn).first().waitFor();
      if (await back.count()) expect(await back.getAttribute('href')).toBe('/admin');
    });

    it(`${lang}: routes ignore case; the error screens show their texts`, async () => {
      const page = await journey.open('/about', { lang });
      await h1(page, t.about).waitFor();
      const q = lang === 'ar' ? '?lang=ar' : '';
      await page.goto(`/ABOUT${q}`);
      await h1(page, t.about).waitFor();
      await page.goto(`/chargingstations${q}`);
      await h1(page, t.stationsTitle).waitFor();
      for (const [path, [title, body]] of Object.entries(t.errors) as [string, [string, string]][]) {
        await page.goto(`${path}${q}`);
        await h1(page, title).waitFor();
        await page.getByRole('main').getByText(body, { exact: true }).waitFor();
        expect(await page.getByText(t.notFound).count(), path).toBe(0);
      }
    });

    it(`${lang}: moving between pages records page views`, async () => {
      const before = {
        '/': await viewsOf('/'),
        '/about': await viewsOf('/about'),
        '/chargingstations': await viewsOf('/chargingstations'),
      };
      const page = await journey.open('/', { lang });
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: t.about, exact: true }).click();
      await h1(page, t.about).waitFor();
      await footer.getByRole('link', { name: t.stations, exact: true }).click();
      await h1(page, t.stationsTitle).waitFor();
      expect(new URL(page.url()).pathname).toBe('/ChargingStations');

      for (const [path, count] of Object.entries(before)) {
        const after = await eventually(
          () => viewsOf(path),
          (n) => n > count,
        );
        expect(after, path).toBe(count + 1);
      }
    });

    it(`${lang}: Tab reaches the skip link, the header links and the menu with a visible focus`, async () => {
      const page = await journey.open('/', { lang });
      // a laptop (1280 px): the links are in the header row, no menu button
      expect((await tabTo(page, t.skip)).inHeader).toBe(false);
      expect(await page.getByRole('button', { name: t.menu }).isVisible()).toBe(false);
      expect((await tabTo(page, t.home)).inHeader).toBe(true);
      expect((await tabTo(page, t.about, 1)).inHeader).toBe(true);
      await page.keyboard.press('Enter');
      await h1(page, t.about).waitFor();

      // a phone: the links sit behind the menu button
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(lang === 'ar' ? '/?lang=ar' : '/');
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      expect((await tabTo(page, t.menu)).inHeader).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.getByRole('button', { name: t.menu }).getAttribute('aria-expanded')).toBe('true');
      expect((await tabTo(page, t.home, 1)).inHeader).toBe(true);
    });

    it(`${lang}: every form control has an accessible label and every image a text alternative`, async () => {
      const page = await journey.open('/ContactUs', { lang });
      const form = page.getByRole('main').locator('form');
      expect(await form.locator('input, select, textarea').count()).toBe(5);
      const labels =
        lang === 'ar'
          ? ['الاسم الكامل', 'البريد الإلكتروني', 'نوع الرسالة', 'العنوان', 'تفاصيل الطلب']
          : ['Full name', 'E-mail', 'Message type', 'Title', 'Request details'];
      for (const label of labels) expect(await form.getByLabel(label, { exact: true }).count(), label).toBe(1);

      for (const path of PUBLIC_PAGES) {
        if (path !== '/ContactUs') {
          await page.goto(lang === 'ar' ? withQuery(path, 'lang=ar') : path);
          await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
          await page.waitForLoadState('load');
        }
        const problems = await page.locator('body').evaluate((body) => {
          const out: string[] = [];
          const name = (el: { getAttribute(n: string): string | null }) =>
            (el.getAttribute('aria-label') ?? el.getAttribute('aria-labelledby') ?? '').trim();
          for (const img of body.querySelectorAll('img')) if (!img.hasAttribute('alt')) out.push(`img ${img.src} has no alt`);
          for (const el of body.querySelectorAll('[role="img"]'))
            if (!name(el)) out.push(`role=img ${el.outerHTML.slice(0, 60)} has no name`);
          for (const el of body.querySelectorAll('input:not([type="hidden"]), select, textarea')) {
            if (!(el.labels?.length > 0) && !name(el)) out.push(`${el.tagName} ${el.outerHTML.slice(0, 80)} has no label`);
          }
          for (const el of body.querySelectorAll('button, a[href]')) {
            if (!(el.textContent ?? '').trim() && !name(el)) out.push(`${el.tagName} ${el.outerHTML.slice(0, 80)} has no name`);
          }
          return out;
        });
        expect(problems, path).toEqual([]);
      }
    });
  }
});
