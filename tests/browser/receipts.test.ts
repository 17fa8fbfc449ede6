// In the browser: a finished session's receipt in English and Arabic, from the session page; the
// printed page holds the receipt alone; "Download PDF" saves the server's PDF, which holds the session's figures.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReceiptView } from '@evc/contracts/charging';
import { bearer, getJson } from '../support/app';
import { chargeOnce, connectDemoCharger, demoCustomer, type DemoCustomer, type RawCharger } from '../support/charging-story';
import { logical, pdfTextLines } from '../support/pdf-text';
import { formatMoney } from '../../frontend/src/lib/format';
import { LANGS, describeJourney } from './support/journey';
import { signInCustomer } from './support/customer';

describeJourney('receipts (customer)', (journey) => {
  let charger: RawCharger;
  let customer: DemoCustomer;

  beforeAll(async () => {
    charger = await connectDemoCharger(journey.app);
    customer = await demoCustomer(journey.app);
  }, 30_000);
  afterAll(async () => {
    await charger?.close();
  });

  for (const lang of LANGS) {
    it(`${lang}: session page → receipt (Cairo times, the price in force, total, balance after) → print shows the receipt alone → PDF`, async () => {
      const { sessionId } = await chargeOnce(journey.app, charger, customer, { meterStart: 2000, registers: [9000, 14_500] });
      const { body: receipt } = await getJson<ReceiptView>(
        journey.app.baseUrl,
        `/api/queries/me/sessions/${sessionId}/receipt`,
        bearer(customer.token),
      );
      const { page, t } = await signInCustomer(journey, lang);
      await page.goto(`/my-sessions/${sessionId}`);
      await page.getByTestId('session-receipt-link').click();
      await page.waitForURL(new RegExp(`/my-sessions/${sessionId}/receipt`));
      await page.getByRole('heading', { name: t['receipt.title.session'], exact: true }).waitFor();
      expect(await page.getByTestId('receipt-number').textContent()).toBe(receipt.receiptNumber);
      expect(await page.getByTestId('receipt-station').textContent()).toBe(lang === 'ar' ? receipt.stationNameAr : receipt.stationNameEn);
      expect(await page.getByTestId('receipt-total').textContent()).toBe(formatMoney(receipt.total, lang));
      expect(await page.getByTestId('receipt-balance').textContent()).toBe(formatMoney(receipt.walletBalanceAfter, lang));
      expect(await page.getByTestId('receipt-energy').textContent()).toContain(lang === 'ar' ? '١٢٫٥' : '12.5');
      // Cairo time, whatever the browser's zone
      const cairo = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Africa/Cairo',
      }).format(new Date(receipt.session!.stoppedAt!));
      expect(await page.getByTestId('receipt-stopped').textContent()).toBe(cairo);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

      // Printing: the header, the menus and the buttons are hidden; the receipt is visible, in the page's direction.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('banner').first().isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: t['receipt.print'], exact: true }).isVisible()).toBe(false);
      expect(await page.getByTestId('receipt').isVisible()).toBe(true);
      expect(await page.getByTestId('receipt').evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).direction)).toBe(
        lang === 'ar' ? 'rtl' : 'ltr',
      );
      await page.emulateMedia({ media: 'screen' });

      // The PDF download: a real PDF file in the page's language holding the same figures.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t['receipt.downloadPdf'], exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`receipt-${receipt.receiptNumber}-${lang}.pdf`);
      // read through the browser's connection: the run's Chromium is shared, so the file is not on a local path
      const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
      expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      const lines = pdfTextLines(pdf);
      const text = lines.join('\n');
      expect(text).toContain(receipt.receiptNumber);
      const digits = new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { minimumFractionDigits: 2 }).format(receipt.total / 100);
      expect(text).toContain(digits);
      if (lang === 'ar') expect(lines.map(logical)).toContain(t['receipt.title.session']);
      else expect(text).toContain(t['receipt.title.session']);
    }, 90_000);
  }
});
