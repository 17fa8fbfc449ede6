import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, resetBrowserState, CUSTOMER_PROFILE } from '../../../testing/render-app';
import { apiError, asCustomer, calls, commandOk, makeCar } from '../../../testing/charging-fixtures';

beforeEach(() => {
  resetBrowserState();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-03-01T10:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SAVE = '/api/commands/account.update-personal-info';
const CAR_ID = '0b7f3c1e-3a52-4f62-9f0b-6b4f3a0e2c11';
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('profile', () => {
  it('opens on tab "1", with every tab of the profile, bookings included', async () => {
    asCustomer();
    await renderApp('/profile');
    const tabs = await screen.findByRole('tablist', { name: 'View profile' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Personal info', 'Change password', 'Car info', 'Requests', 'Wallet', 'Sessions', 'Bookings']);
    expect(within(tabs).getByRole('tab', { name: 'Personal info' }).getAttribute('aria-selected')).toBe('true');
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Mona');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Change password' }));
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
  });

  it('?tab=4 opens the requests: the customer’s contact requests with status and replies', async () => {
    asCustomer((req) =>
      req.url.startsWith('/api/queries/me/contact-requests')
        ? {
            body: {
              dataList: [
                {
                  requestId: 'r-1',
                  title: 'The charger at Zamalek will not start',
                  type: 'complaint',
                  details: 'Tapped twice',
                  status: 'needs_action',
                  createdAt: '2026-02-28T08:00:00Z',
                  updatedAt: '2026-03-01T08:00:00Z',
                  replies: [{ replyId: 'x', message: 'We reset it; try again.', at: '2026-03-01T08:00:00Z' }],
                },
                {
                  requestId: 'r-2',
                  title: 'Opening hours on Fridays please',
                  type: 'inquiry',
                  details: 'When?',
                  status: 'new',
                  createdAt: '2026-02-27T08:00:00Z',
                  updatedAt: '2026-02-27T08:00:00Z',
                  replies: [],
                },
              ],
              totalCount: 2,
            },
          }
        : undefined,
    );
    await renderApp('/profile?tab=4');
    const [first, second] = await screen.findAllByTestId('contact-request');
    expect(first!.textContent).toContain('Needs action');
    expect(within(first!).getByTestId('contact-reply').textContent).toContain('We reset it; try again.');
    // Cairo time: 08:00 UTC is 10:00 in Cairo
    expect(within(first!).getByTestId('contact-reply').textContent).toContain('10:00');
    expect(second!.textContent).toContain('No reply yet.');
    expect(screen.getByRole('link', { name: 'Send a new request' }).getAttribute('href')).toBe('/ContactUs');
  });

  it('personal info: the rules with their messages, and nothing sent until they hold', async () => {
    const requests = asCustomer();
    await renderApp('/profile');
    await screen.findByLabelText('First name');
    type('First name', 'M');
    type('Last name', 'Hassan2');
    type('E-mail', 'mona@');
    type('Mobile number', '0101234');
    type('Address', 'ab');
    fireEvent.click(screen.getByLabelText('Same as my home address'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // first name, address and the delivery address of its own: 3 to 300 characters each
    expect(await screen.findAllByText('Must be at least 3 characters')).toHaveLength(3);
    expect(screen.getByText('Letters only: no spaces, digits or symbols')).toBeTruthy();
    expect(screen.getByText(/Enter an Egyptian mobile number: 11 digits/)).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(calls(requests, SAVE)).toHaveLength(0);
    type('First name', 'A'.repeat(21));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 20 characters')).toBeTruthy();
  });

  it('personal info: saves the form as the operation’s input (Eastern Arabic digits, own delivery address) and toasts', async () => {
    const requests = asCustomer((req) => (req.url === SAVE ? commandOk : undefined));
    await renderApp('/profile');
    await screen.findByLabelText('First name');
    type('Mobile number', '٠١١٢٣٤٥٦٧٨٩');
    type('Address', '12 Nile Street, Zamalek');
    fireEvent.click(screen.getByLabelText('Same as my home address'));
    type('Delivery address', '5 Tahrir Square');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(requests, SAVE)).toHaveLength(1));
    expect(calls(requests, SAVE)[0]?.body).toEqual({
      firstName: 'Mona',
      lastName: 'Hassan',
      email: 'mona@example.com',
      phone: '01123456789',
      address: '12 Nile Street, Zamalek',
      gender: 'female',
      pictureFileId: null,
      deliveryAddress: { sameAsHome: false, address: '5 Tahrir Square' },
      birthDate: null,
      expectedRevision: CUSTOMER_PROFILE.revision,
    });
    expect(await within(screen.getByTestId('toasts')).findByText('Your personal info was saved.')).toBeTruthy();
  });

  it('personal info: "Email already exists" beside the e-mail; a picture over 5 MB is refused before upload', async () => {
    const requests = asCustomer((req) =>
      req.url === SAVE
        ? {
            status: 409,
            body: { code: 'identity.email_exists', message: 'exists', fieldErrors: [{ path: 'email', code: 'email_exists' }] },
          }
        : undefined,
    );
    await renderApp('/profile');
    await screen.findByLabelText('First name');
    type('Address', '12 Nile Street, Zamalek');
    type('E-mail', 'taken@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email already exists')).toBeTruthy();
    const big = new File(['x'], 'me.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Picture'), { target: { files: [big] } });
    expect(await screen.findByText('upload exceeds 5 MB')).toBeTruthy();
    const gif = new File(['x'], 'me.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Picture'), { target: { files: [gif] } });
    expect(await screen.findByText('Only JPG or PNG images can be uploaded')).toBeTruthy();
    expect(calls(requests, '/api/files')).toHaveLength(0);
  });

  it('car info: edit a car ("Cars updated") with its revision, and remove one after a confirmation', async () => {
    const car = makeCar({ carId: CAR_ID, revision: 2, licence: { customsCertificateFileId: 'c'.repeat(64) } });
    const item = (itemId: string, name: string, kind: string, parentId: string | null = null) => ({
      itemId,
      kind,
      name,
      nameTranslation: `${name}-ar`,
      value: '',
      parentId,
      parentName: null,
      isActive: true,
      usageCount: 0,
      revision: 1,
      updatedAt: '2026-01-01T00:00:00Z',
    });
    const requests = asCustomer((req) => {
      const url = new URL(req.url, 'http://x');
      if (url.pathname === '/api/queries/me/cars') return { body: { dataList: [car], totalCount: 1 } };
      if (url.pathname === '/api/queries/car-options') {
        const kind = url.searchParams.get('kind');
        const items =
          kind === 'carBrand'
            ? [item('b-nissan', 'Nissan', kind)]
            : kind === 'carType'
              ? [item('t-leaf', 'Leaf', kind, 'b-nissan')]
              : [item('r-40', '40 kWh', 'batteryRange')];
        return { body: { dataList: items, totalCount: items.length } };
      }
      if (url.pathname.startsWith('/api/commands/cars.')) return commandOk;
      return undefined;
    });
    await renderApp('/profile?tab=3');
    const line = await screen.findByTestId('car-line');
    expect(line.textContent).toContain('customs release certificate');
    fireEvent.click(within(line).getByRole('button', { name: 'Edit Nissan Leaf' }));
    await screen.findByRole('heading', { name: 'Edit Nissan Leaf' });
    expect((screen.getByLabelText('Customs release certificate instead') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save car' }));
    await waitFor(() => expect(calls(requests, '/api/commands/cars.update')).toHaveLength(1));
    expect(calls(requests, '/api/commands/cars.update')[0]?.body).toEqual({
      carId: CAR_ID,
      brandId: 'b-nissan',
      typeId: 't-leaf',
      batteryRangeId: 'r-40',
      licence: { customsCertificateFileId: 'c'.repeat(64) },
      expectedRevision: 2,
    });
    expect(await within(screen.getByTestId('toasts')).findByText('Cars updated')).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('car-line')).getByRole('button', { name: 'Remove Nissan Leaf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Nissan Leaf?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls(requests, '/api/commands/cars.remove')).toHaveLength(1));
    expect(calls(requests, '/api/commands/cars.remove')[0]?.body).toEqual({ carId: CAR_ID });
  });

  it('says why the profile cannot be read', async () => {
    asCustomer((req) => (req.url.startsWith('/api/queries/me/profile') ? apiError(404, 'identity.customer_not_found') : undefined));
    await renderApp('/profile');
    expect(await screen.findByText('The customer was not found.')).toBeTruthy();
  });
});
