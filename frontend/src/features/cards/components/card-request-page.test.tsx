import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CardRequestView, CardView } from '@evc/contracts/cards';
import { makeSession, renderApp, storeSession, stubApi, type RecordedRequest } from '../../../testing/render-app';
import { ago, setupLiveTests } from '../../../testing/network-fixtures';

setupLiveTests();

const REQUESTS = '/api/queries/me/card-requests';
const CARDS = '/api/queries/me/charging-cards';
const request = (over: Partial<CardRequestView> = {}): CardRequestView => ({
  requestId: '00000000-0000-4000-8000-000000000001',
  kind: 'new',
  status: 'needs_action',
  referenceName: 'My car',
  phone: '01012345678',
  governorateId: 'eg-c',
  governorateNameEn: 'Cairo',
  governorateNameAr: 'القاهرة',
  homeAddress: '12 Tahrir St',
  deliveryAddress: '12 Tahrir St',
  sameAsHome: true,
  cardId: null,
  issueDate: null,
  note: 'Which floor?',
  createdAt: ago(7200),
  updatedAt: ago(3600),
  timeline: [],
  ...over,
});
const card = (over: Partial<CardView> = {}): CardView => ({
  cardId: 'EV-0042',
  referenceName: 'My car',
  issueDate: '2026-02-10',
  status: 'active',
  origin: 'delivered',
  requestId: null,
  statusReason: null,
  statusChangedAt: null,
  ...over,
});
const commands = (requests: RecordedRequest[], name: string) => requests.filter((r) => r.url === `/api/commands/${name}`);

function api(requests: CardRequestView[], cards: CardView[] = []) {
  return stubApi((req) => {
    if (req.url.startsWith('/api/queries/governorates'))
      return { body: { dataList: [{ governorateId: 'eg-c', nameEn: 'Cairo', nameAr: 'القاهرة' }], totalCount: 1 } };
    if (req.url.startsWith(REQUESTS)) return { body: { dataList: requests, totalCount: requests.length } };
    if (req.url.startsWith(CARDS)) return { body: { dataList: cards, totalCount: cards.length } };
    if (req.url.startsWith('/api/commands/')) return { body: { streamId: 'x', revision: 1, position: 55 } };
    return undefined;
  });
}

async function open(url: string) {
  storeSession(makeSession('customer'));
  await renderApp(url);
}

describe('the card request page', () => {
  it('validates the form with the shared schema, then sends the request (Eastern Arabic digits in the phone)', async () => {
    const requests = api([request({ status: 'canceled', note: null, homeAddress: '7 Nile St' })]);
    await open('/card-request');
    const form = await screen.findByRole('form', { name: 'Request a new charging card' });
    expect((within(form).getByLabelText('Home address') as HTMLTextAreaElement).value).toBe('7 Nile St'); // from the last request
    fireEvent.change(within(form).getByLabelText('Home address'), { target: { value: 'ab' } });
    fireEvent.click(within(form).getByLabelText('Deliver to my home address'));
    fireEvent.click(within(form).getByRole('button', { name: 'Request the card' }));
    expect(await within(form).findAllByRole('alert')).toHaveLength(3); // reference name, home address, delivery address
    expect(commands(requests, 'card-requests.submit')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Reference name'), { target: { value: 'Family car' } });
    fireEvent.change(within(form).getByLabelText('Mobile number'), { target: { value: '٠١٠١٢٣٤٥٦٧٨' } });
    fireEvent.change(within(form).getByLabelText('Home address'), { target: { value: '12 Tahrir Street' } });
    fireEvent.change(within(form).getByLabelText('Delivery address'), { target: { value: '3 Nile Corniche' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request the card' }));
    await waitFor(() => expect(commands(requests, 'card-requests.submit')).toHaveLength(1));
    expect(commands(requests, 'card-requests.submit')[0]!.body).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      referenceName: 'Family car',
      phone: '01012345678',
      governorateId: 'eg-c',
      homeAddress: '12 Tahrir Street',
      sameAsHome: false,
      deliveryAddress: '3 Nile Corniche',
    });
  });

  it('shows an open request with the note instead of the form, and cancels it after confirmation', async () => {
    const requests = api([request()]);
    await open('/card-request');
    expect(await screen.findByText(/You have a card request in progress/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Request a new charging card' })).toBeNull();
    const line = (await screen.findAllByTestId('card-request'))[0]!;
    expect(within(line).getByText('We need something from you: Which floor?')).toBeTruthy();
    expect(line.querySelector('[data-status]')!.textContent).toBe('Needs action');
    fireEvent.click(within(line).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(commands(requests, 'card-requests.cancel')).toHaveLength(1));
    expect(commands(requests, 'card-requests.cancel')[0]!.body).toEqual({ requestId: request().requestId });
  });

  it('turns off a lost card after the confirmation, in Arabic', async () => {
    const requests = api(
      [],
      [card(), card({ cardId: 'EV-0001', status: 'inactive', statusReason: 'reported_lost', referenceName: 'Old' })],
    );
    await open('/my-cards?lang=ar');
    expect(document.documentElement.dir).toBe('rtl');
    const lines = await screen.findAllByTestId('my-card');
    expect(lines.map((l) => l.querySelector('[data-status]')!.textContent)).toEqual(['مفعلة', 'غير مفعلة']);
    expect(within(lines[1]!).getByText('أبلغت عن فقدان هذه البطاقة.')).toBeTruthy();
    expect(within(lines[1]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(lines[0]!).getByRole('button', { name: 'إيقاف (بطاقة مفقودة)' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'إيقاف (بطاقة مفقودة)' }));
    await waitFor(() => expect(commands(requests, 'cards.deactivate-own')).toHaveLength(1));
    expect(commands(requests, 'cards.deactivate-own')[0]!.body).toEqual({ cardId: 'EV-0042' });
  });
});
