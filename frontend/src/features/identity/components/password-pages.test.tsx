import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, resetBrowserState, stubApi } from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

describe('password reset', () => {
  it('an invalid reset link goes to /linkExpired, which offers a new link', async () => {
    const requests = stubApi((req) => {
      if (req.url.startsWith('/api/queries/auth/reset-link')) return { body: { valid: false } };
      if (req.url === '/api/commands/auth.forgot-password') return { body: { accepted: true } };
      return undefined;
    });
    const { router } = await renderApp(`/resetPassword?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Oops This url is not valid anymore' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/linkExpired');
    expect(requests.some((r) => r.url === `/api/queries/auth/reset-link?token=${TOKEN}`)).toBe(true);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'omar@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for this e-mail/)).toBeTruthy();
    expect(requests.find((r) => r.url === '/api/commands/auth.forgot-password')?.body).toEqual({
      email: 'omar@example.com',
      audience: 'customer',
    });
  });

  it('a malformed token goes to /linkExpired without asking the server', async () => {
    const requests = stubApi();
    const { router } = await renderApp('/resetPassword?token=short');
    await screen.findByRole('heading', { name: 'Oops This url is not valid anymore' });
    expect(router.state.location.pathname).toBe('/linkExpired');
    expect(requests.some((r) => r.url.startsWith('/api/queries/auth/reset-link'))).toBe(false);
  });

  it('a valid link sets the new password and goes to /resetPasswordDone', async () => {
    const requests = stubApi((req) => {
      if (req.url.startsWith('/api/queries/auth/reset-link')) return { body: { valid: true } };
      if (req.url === '/api/commands/auth.reset-password') return { body: { streamId: 'account-1', revision: 2, position: 9 } };
      return undefined;
    });
    const { router } = await renderApp(`/resetPassword?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Reset password' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'NewSecret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'NewSecret2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password and confirmation does not match')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'NewSecret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resetPasswordDone'));
    expect(requests.find((r) => r.url === '/api/commands/auth.reset-password')?.body).toEqual({
      token: TOKEN,
      password: 'NewSecret1',
      confirmPassword: 'NewSecret1',
    });
  });
});
