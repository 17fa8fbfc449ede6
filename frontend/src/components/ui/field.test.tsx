// An input's maxLength is a rule shown to the person, never a silent cut.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderApp, resetBrowserState, stubApi } from '../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// 66 characters (passwords allow 64); the digit is the last one, so a cut to 64 would lose it and report "must contain a digit"
const LONG_PASSWORD = `${'Abcdefghijklmnopqrstuvwxyz'.repeat(2)}Abcdefghijklm1`;

const TEXT = {
  en: {
    title: 'Create your account',
    password: 'Password',
    submit: 'Sign up',
    rule: 'At most 64 characters; this has 66. Shorten it: nothing was cut.',
    digit: 'Must contain a digit',
  },
  ar: {
    title: 'أنشئ حسابك',
    password: 'كلمة المرور',
    submit: 'إنشاء حساب',
    rule: 'الحد الأقصى لعدد الأحرف ٦٤، والنص الحالي ٦٦. اختصره، فلم يُحذف منه شيء.',
    digit: 'يجب أن تحتوي على رقم',
  },
};

describe('a field with a length limit', () => {
  for (const lang of ['en', 'ar'] as const) {
    const t = TEXT[lang];
    it(`${lang}: keeps every character typed or pasted and shows the length rule instead of another rule`, async () => {
      const requests = stubApi();
      await renderApp(lang === 'ar' ? '/SignUp?lang=ar' : '/SignUp');
      await screen.findByRole('heading', { name: t.title });
      const input = screen.getByLabelText(t.password) as HTMLInputElement;
      // the browser cuts a value at maxlength, typed or pasted: the attribute must not be there
      expect(input.hasAttribute('maxlength')).toBe(false);

      fireEvent.change(input, { target: { value: LONG_PASSWORD } });
      expect(input.value).toBe(LONG_PASSWORD);
      expect(await screen.findByText(t.rule)).toBeTruthy();
      expect(input.getAttribute('aria-invalid')).toBe('true');

      fireEvent.click(screen.getByRole('button', { name: t.submit }));
      expect(screen.getByText(t.rule)).toBeTruthy();
      expect(screen.queryByText(t.digit)).toBeNull();
      expect(requests.filter((r) => r.url.includes('auth.sign-up'))).toHaveLength(0);

      // shortened to the limit: the rule goes away at once
      fireEvent.change(input, { target: { value: LONG_PASSWORD.slice(2) } });
      expect(screen.queryByText(t.rule)).toBeNull();
    });
  }
});
