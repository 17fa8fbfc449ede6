import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, resetBrowserState, stubApi, type RecordedRequest } from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SIGN_UP = '/api/commands/auth.sign-up';
const signUps = (requests: RecordedRequest[]) => requests.filter((r) => r.url === SIGN_UP);

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const valid = {
  'First name': 'Omar',
  'Last name': 'Fathy',
  'E-mail': 'omar@example.com',
  'Mobile number': '٠١٠١٢٣٤٥٦٧٨',
  Password: 'Secret123',
  'Confirm password': 'Secret123',
  Gender: 'male',
};

describe('sign-up', () => {
  it('shows the password rules and the mismatch message in English, and sends nothing', async () => {
    const requests = stubApi();
    await renderApp('/SignUp');
    await screen.findByRole('heading', { name: 'Create your account' });
    fill({ ...valid, Password: 'secret12', 'Confirm password': 'other', 'Mobile number': '0201234567' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Must contain a capital letter')).toBeTruthy();
    expect(screen.getByText('Password and confirmation does not match')).toBeTruthy();
    expect(screen.getByText(/Enter an Egyptian mobile number/)).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(signUps(requests)).toHaveLength(0);

    fill({ Password: 'SECRET12', 'Confirm password': 'SECRET12' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Must contain a small letter')).toBeTruthy();
    fill({ Password: 'Secretxx', 'Confirm password': 'Secretxx' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Must contain a digit')).toBeTruthy();
    fill({ Password: 'Se1' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Must be at least 8 characters')).toBeTruthy();
  });

  it('shows the messages in Arabic', async () => {
    stubApi();
    await renderApp('/SignUp?lang=ar');
    await screen.findByRole('heading', { name: 'أنشئ حسابك' });
    fill({ 'كلمة المرور': 'secret12', 'تأكيد كلمة المرور': 'x', 'رقم الجوال': '12345', 'الاسم الأول': 'Om4r' });
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء حساب' }));
    expect(await screen.findByText('يجب أن تحتوي على حرف كبير')).toBeTruthy();
    expect(screen.getByText('كلمة المرور وتأكيدها غير متطابقين')).toBeTruthy();
    expect(screen.getByText(/أدخل رقم جوال مصرياً/)).toBeTruthy();
    expect(screen.getByText('حروف فقط: بدون مسافات أو أرقام أو رموز')).toBeTruthy();
  });

  it('accepts an Egyptian mobile typed in Eastern Arabic digits and asks to check the e-mail', async () => {
    const requests = stubApi((req) => (req.url === SIGN_UP ? { body: { streamId: 'account-1', revision: 0, position: 3 } } : undefined));
    await renderApp('/SignUp');
    await screen.findByRole('heading', { name: 'Create your account' });
    fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(signUps(requests)[0]?.body).toEqual({
      firstName: 'Omar',
      lastName: 'Fathy',
      email: 'omar@example.com',
      phone: '01012345678',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      gender: 'male',
      locale: 'en',
    });
  });

  it('a duplicate e-mail shows the "already registered" message beside the e-mail field', async () => {
    stubApi((req) => (req.url === SIGN_UP ? { status: 409, body: { code: 'identity.email_exists', message: 'exists' } } : undefined));
    await renderApp('/SignUp');
    await screen.findByRole('heading', { name: 'Create your account' });
    fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This e-mail is already registered. Sign in if you own the account.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true'));
  });
});
