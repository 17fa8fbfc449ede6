import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderApp, resetBrowserState, stubApi } from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The password rules the forms show, in both languages (schema rules and the server's). */
const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const commonFromServer = {
  status: 400,
  body: { code: 'request.invalid', message: 'x', fieldErrors: [{ path: 'password', code: 'password_common' }] },
};

describe('password rules in the forms', () => {
  it('sign-up refuses the e-mail name, surrounding spaces and NUL, and accepts a 64-character passphrase', async () => {
    const requests = stubApi((req) =>
      req.url === '/api/commands/auth.sign-up' ? { body: { streamId: 'account-1', revision: 1, position: 3 } } : undefined,
    );
    await renderApp('/SignUp');
    await screen.findByRole('heading', { name: 'Create your account' });
    const base = {
      'First name': 'Omar',
      'Last name': 'Fathy',
      'E-mail': 'omar.fathy@example.com',
      'Mobile number': '01012345678',
      Gender: 'male',
    };
    fill({ ...base, Password: 'Fathy2024x', 'Confirm password': 'Fathy2024x' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The password must not contain the name of your e-mail address')).toBeTruthy();
    fill({ Password: ' Secret123', 'Confirm password': ' Secret123' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The password must not start or end with a space')).toBeTruthy();
    fill({ Password: 'Secret123\u0000', 'Confirm password': 'Secret123\u0000' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(/Remove the control, direction or invisible characters/)).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/commands/auth.sign-up')).toHaveLength(0);
    // 64 characters (20 at least must fit; passphrases are longer)
    const passphrase = `Correct horse battery staple ${'x'.repeat(27)} 2024 Ok`;
    expect(passphrase).toHaveLength(64);
    fill({ Password: passphrase, 'Confirm password': passphrase });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
  });

  it('shows the server refusing a common password beside the field, in Arabic too', async () => {
    stubApi((req) => {
      if (req.url.startsWith('/api/queries/auth/reset-link')) return { body: { valid: true } };
      if (req.url === '/api/commands/auth.reset-password') return commonFromServer;
      return undefined;
    });
    await renderApp(`/resetPassword?token=${TOKEN}&lang=ar`);
    await screen.findByRole('heading', { name: 'إعادة تعيين كلمة المرور' });
    fill({ 'كلمة المرور الجديدة': 'Summer2024!', 'تأكيد كلمة المرور': 'Summer2024!' });
    fireEvent.click(screen.getByRole('button', { name: 'تعيين كلمة المرور' }));
    expect(await screen.findByText(/^كلمة المرور هذه سهلة التخمين: كلمة شائعة أو اسم/)).toBeTruthy();
  });

  it.each([
    ['/SignUp', /not a common word, name, keyboard run or date with a few characters added/],
    ['/SignUp?lang=ar', /وليست كلمة شائعة أو اسماً أو تسلسلاً من لوحة المفاتيح أو تاريخاً أضيفت إليه بضعة أحرف/],
  ])('%s tells the rule beside the password: no common word, run or date with a few characters added', async (path, rule) => {
    stubApi(() => undefined);
    await renderApp(path);
    expect(await screen.findByText(rule)).toBeTruthy();
  });
});
