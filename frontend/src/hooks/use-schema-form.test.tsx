// A form error disappears once the value is corrected, however the value changed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderApp, resetBrowserState, stubApi } from '../testing/render-app';
import { asCustomer, makeCar, makePublicStation } from '../testing/charging-fixtures';
import { clearCorrected } from './use-schema-form';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

describe('clearCorrected', () => {
  const errors = {
    email: { path: 'email', code: 'invalid_format' },
    location: { path: 'location', code: 'outside_egypt' },
    confirmPassword: { path: 'confirmPassword', code: 'password_mismatch' },
  };
  it('drops the changed fields, the errors of no single field, and a mismatch the passwords no longer have', () => {
    expect(Object.keys(clearCorrected(errors, ['email'], { email: 'a@b.eg', lat: '30', password: 'x', confirmPassword: 'y' }))).toEqual([
      'confirmPassword',
    ]);
    expect(
      Object.keys(clearCorrected(errors, ['lat'], { email: 'a', lat: '30', password: 'Same1234', confirmPassword: 'Same1234' })),
    ).toEqual(['email']);
  });
  it('keeps the very same object when nothing was corrected (no re-render)', () => {
    const only = { email: errors.email };
    expect(clearCorrected(only, ['lat'], { email: 'a', lat: '1' })).toBe(only);
  });
});

describe('a corrected value clears its error', () => {
  it('the confirmation mismatch goes once the password is changed to match it', async () => {
    stubApi();
    await renderApp('/SignUp');
    await screen.findByRole('heading', { name: 'Create your account' });
    fill({
      'First name': 'Omar',
      'Last name': 'Fathy',
      'E-mail': 'omar@example.com',
      'Mobile number': '01012345678',
      Password: 'Secret123',
      'Confirm password': 'Secret124',
      Gender: 'male',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Password and confirmation does not match')).toBeTruthy();
    fill({ Password: 'Secret124' });
    expect(screen.queryByText('Password and confirmation does not match')).toBeNull();
  });

  it('the start page: a target error goes as the target is typed again; the serial rule as the serial is', async () => {
    asCustomer((req) => {
      if (req.url.startsWith('/api/queries/chargers/lookup')) return { body: makePublicStation() };
      if (req.url.startsWith('/api/queries/me/cars')) return { body: { dataList: [makeCar()], totalCount: 1 } };
      return undefined;
    });
    await renderApp('/start-charging');
    fireEvent.change(await screen.findByLabelText('Charger serial number'), { target: { value: 'S' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find charger' }));
    const serialRule = (await screen.findByRole('alert')).textContent ?? '';
    expect(serialRule).not.toBe('');
    fireEvent.change(screen.getByLabelText('Charger serial number'), { target: { value: 'SN-1' } });
    expect(screen.queryByText(serialRule)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Find charger' }));
    await screen.findByRole('group', { name: 'Connector at Zamalek' });
    fireEvent.click(screen.getByLabelText('Time'));
    fireEvent.change(screen.getByLabelText('Time (HH:MM or minutes)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start charging' }));
    expect(await screen.findByText(/Enter a time from 5 minutes to 24 hours/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Time (HH:MM or minutes)'), { target: { value: '90' } });
    expect(screen.queryByText(/Enter a time from 5 minutes to 24 hours/)).toBeNull();
  });
});
