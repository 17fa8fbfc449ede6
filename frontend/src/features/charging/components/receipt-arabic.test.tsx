import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderApp, resetBrowserState } from '../../../testing/render-app';
import { SESSION_ID, asCustomer, makeReceipt } from '../../../testing/charging-fixtures';

beforeEach(() => resetBrowserState());
afterEach(() => cleanup());

const receipt = makeReceipt({ minutes: 10 });

describe('the Arabic receipt', () => {
  it('keeps "#١" in reading order (isolated left to right) and agrees the booked minutes with their number', async () => {
    asCustomer((req) => (req.url.startsWith(`/api/queries/me/sessions/${SESSION_ID}/receipt`) ? { body: receipt } : undefined));
    await renderApp(`/my-sessions/${SESSION_ID}/receipt?lang=ar`);
    const main = await screen.findByRole('main');
    await screen.findByTestId('receipt-booking-fee');
    // in a right-to-left line "#١" alone would show as "١#": the number sign and its digit are one left-to-right run
    const connector = [...main.querySelectorAll('bdi[dir="ltr"]')].find((el) => el.textContent === '#١');
    expect(connector, main.innerHTML.slice(0, 200)).toBeTruthy();
    expect(main.textContent).toContain('١٠ دقائق');
    expect(main.textContent).not.toContain('١٠ دقيقة');
  });
});
