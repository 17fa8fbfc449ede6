// Days are typed and shown day/month/year in the page's language and digits, and handed on as ISO.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderApp, resetBrowserState } from '../../testing/render-app';
import { asCustomer, calls } from '../../testing/charging-fixtures';
import { intlLocale } from '../../lib/format';
import { DayInput, parseDay } from './day-input';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return <DayInput aria-label="day" value={value} onChange={(v) => (seen.push(v), setValue(v))} />;
}

const renderDay = (locale: 'en' | 'ar', initial: string, seen: string[] = []) =>
  render(
    <IntlProvider locale={intlLocale(locale)} messages={{ 'day.placeholder': locale === 'ar' ? 'يوم/شهر/سنة' : 'dd/mm/yyyy' }}>
      <Harness initial={initial} seen={seen} />
    </IntlProvider>,
  );
const input = () => screen.getByLabelText('day') as HTMLInputElement;

describe('DayInput', () => {
  it('reads day/month/year with Western or Eastern Arabic digits and any of / - . ; refuses days that do not exist', () => {
    expect(parseDay('12/04/1990')).toBe('1990-04-12');
    expect(parseDay('٣/٢/٢٠٢٦')).toBe('2026-02-03');
    expect(parseDay(' 3-2-2026 ')).toBe('2026-02-03');
    expect(parseDay('03.02.2026')).toBe('2026-02-03');
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('2026-02-03')).toBeNull();
    expect(parseDay('12/04/90')).toBeNull();
  });

  it('shows an ISO value as day/month/year in the page digits, and hands on ISO for a complete day', () => {
    const seen: string[] = [];
    renderDay('ar', '2026-02-03', seen);
    expect(input().value).toBe('٠٣/٠٢/٢٠٢٦');
    expect(input().placeholder).toBe('يوم/شهر/سنة');
    fireEvent.change(input(), { target: { value: '١٢/٤/١٩٩٠' } });
    expect(seen.at(-1)).toBe('1990-04-12');
    fireEvent.blur(input());
    expect(input().value).toBe('١٢/٠٤/١٩٩٠');
  });

  it('a half-typed or impossible day is handed on as typed and marked once left; a cleared one is empty', () => {
    const seen: string[] = [];
    renderDay('en', '', seen);
    fireEvent.change(input(), { target: { value: '31/02/2026' } });
    expect(seen.at(-1)).toBe('31/02/2026');
    expect(input().getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(input());
    expect(input().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input(), { target: { value: '' } });
    expect(seen.at(-1)).toBe('');
  });

  it('the profile sends the birth date typed in Arabic digits as ISO, and says when the day does not exist', async () => {
    const SAVE = '/api/commands/account.update-personal-info';
    const requests = asCustomer();
    await renderApp('/profile?lang=ar');
    const birth = (await screen.findByLabelText('تاريخ الميلاد (اختياري)')) as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('العنوان'), { target: { value: '12 Nile Street, Zamalek' } });
    fireEvent.change(birth, { target: { value: '٣١/٠٢/١٩٩٠' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('اكتب يوماً صحيحاً بالصيغة يوم/شهر/سنة، مثل ١٢/٠٤/١٩٩٠')).toBeTruthy();
    expect(calls(requests, SAVE)).toHaveLength(0);
    fireEvent.change(birth, { target: { value: '١٢/٠٤/١٩٩٠' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(calls(requests, SAVE)).toHaveLength(1));
    expect((calls(requests, SAVE)[0]?.body as { birthDate: string }).birthDate).toBe('1990-04-12');
  });
});
