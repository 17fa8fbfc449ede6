import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CardRequestAdminView } from '@evc/contracts/cards';
import { makeSession, renderApp, storeSession, stubApi, type RecordedRequest } from '../../../testing/render-app';
import { ago, setupLiveTests } from '../../../testing/network-fixtures';

const LIST = '/api/queries/admin/card-requests';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

setupLiveTests();

const makeRequest = (n: number, over: Partial<CardRequestAdminView> = {}): CardRequestAdminView => ({
  requestId: id(n),
  kind: 'new',
  status: 'requested',
  referenceName: `Card ${n}`,
  phone: '01012345678',
  governorateId: 'eg-c',
  governorateNameEn: 'Cairo',
  governorateNameAr: 'القاهرة',
  homeAddress: '12 Tahrir St',
  deliveryAddress: '12 Tahrir St',
  sameAsHome: true,
  cardId: null,
  issueDate: null,
  note: null,
  createdAt: ago(3600),
  updatedAt: ago(3600),
  timeline: [{ status: 'requested', at: ago(3600), note: null, actorType: 'customer', actorName: 'Omar Fathy' }],
  customerId: 'c1',
  customerName: 'Omar Fathy',
  customerEmail: 'omar@example.com',
  revision: 0,
  ...over,
});

const ROWS = [makeRequest(1), makeRequest(2, { status: 'in_delivery', revision: 2 })];
const lastList = (requests: RecordedRequest[]) =>
  new URL(requests.filter((r) => r.url.startsWith(LIST + '?')).at(-1)!.url, 'http://x').searchParams;
const commands = (requests: RecordedRequest[], name: string) => requests.filter((r) => r.url === `/api/commands/${name}`);

function api(answer?: (req: RecordedRequest) => { status?: number; body: unknown } | undefined) {
  return stubApi((req) => {
    const custom = answer?.(req);
    if (custom) return custom;
    if (req.url.startsWith('/api/queries/governorates'))
      return { body: { dataList: [{ governorateId: 'eg-c', nameEn: 'Cairo', nameAr: 'القاهرة' }], totalCount: 1 } };
    if (req.url.startsWith(LIST + '?')) return { body: { dataList: ROWS, totalCount: ROWS.length } };
    if (req.url.startsWith(LIST + '/')) return { body: ROWS.find((r) => req.url.includes(r.requestId)) };
    if (req.url.startsWith('/api/commands/card-requests.')) return { body: { streamId: 'card-request-x', revision: 3, position: 90 } };
    return undefined;
  });
}

async function open(url = '/admin/cardrequests') {
  storeSession(makeSession('staff'));
  await renderApp(url);
  return screen.findByRole('table', { name: url.includes('lang=ar') ? 'طلبات البطاقات' : 'Card requests' });
}

describe('/admin/cardrequests', () => {
  it('lists requests with their status, and sends the filters as the query string', async () => {
    const requests = api();
    const table = await open();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('[data-status]')!.textContent)).toEqual(['New', 'In delivery']);
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'needs_action' } });
    await waitFor(() => expect(lastList(requests).get('status')).toBe('needs_action'));
    fireEvent.change(screen.getByLabelText('Filter by type'), { target: { value: 'link' } });
    await waitFor(() => expect(screen.getByLabelText('Filter by governorate').querySelectorAll('option')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Filter by governorate'), { target: { value: 'eg-c' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-28' } });
    await waitFor(() => expect(lastList(requests).get('to')).toBe('2026-02-28'));
    const q = lastList(requests);
    expect([q.get('status'), q.get('kind'), q.get('governorateId'), q.get('from')]).toEqual(['needs_action', 'link', 'eg-c', '2026-02-01']);
  });

  it('asks to select a row before a status step, and enables only the steps the workflow allows', async () => {
    api();
    const table = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Start (in progress)' }));
    expect(await screen.findByText('Please select a row first.')).toBeTruthy();
    fireEvent.click(within(table).getAllByRole('row')[2]!); // in delivery
    await screen.findByRole('heading', { name: /Card 2/ });
    const enabled = ['Start (in progress)', 'Send for delivery', 'Back from needs action', 'Delivered', 'Needs action', 'Reject'].filter(
      (name) => !(screen.getByRole('button', { name }) as HTMLButtonElement).disabled,
    );
    expect(enabled).toEqual(['Delivered', 'Needs action', 'Reject']);
  });

  it('delivers with the card ID and issue date against the revision seen; a stale revision says someone else changed it', async () => {
    let conflict = true;
    const requests = api((req) => {
      if (req.url === '/api/commands/card-requests.deliver' && conflict) {
        conflict = false;
        return { status: 409, body: { code: 'concurrency.conflict', message: 'changed' } };
      }
      return undefined;
    });
    const table = await open();
    fireEvent.click(within(table).getAllByRole('row')[2]!);
    await screen.findByRole('heading', { name: /Card 2/ });
    fireEvent.click(screen.getByRole('button', { name: 'Delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivered' });
    fireEvent.change(within(dialog).getByLabelText('Card ID'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delivered' }));
    expect(await within(dialog).findByText('Enter the card ID: 4 to 20 letters, digits or dashes')).toBeTruthy();
    expect(commands(requests, 'card-requests.deliver')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Card ID'), { target: { value: 'ev-0042' } });
    fireEvent.change(within(dialog).getByLabelText('Issue date'), { target: { value: '2026-02-10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delivered' }));
    expect(await within(dialog).findByText('This item was changed by someone else. Reload it and try again.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(commands(requests, 'card-requests.deliver')[0]!.body).toEqual({
      requestId: id(2),
      expectedRevision: 2,
      cardId: 'EV-0042',
      issueDate: '2026-02-10',
    });
    // the input is kept: sending again goes through
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Request status updated successfully')).toBeTruthy();
    expect(commands(requests, 'card-requests.deliver')).toHaveLength(2);
  });

  it('needs a note to the customer for needs action, and speaks Arabic right to left', async () => {
    const requests = api();
    const table = await open('/admin/cardrequests?lang=ar');
    expect(document.documentElement.dir).toBe('rtl');
    fireEvent.click(within(table).getAllByRole('row')[1]!);
    await screen.findByRole('heading', { name: /Card 1/ });
    fireEvent.click(screen.getByRole('button', { name: 'يحتاج إجراء' }));
    const dialog = await screen.findByRole('dialog', { name: 'يحتاج إجراء' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'يحتاج إجراء' }));
    expect(await within(dialog).findByText('أدخل السبب (٣ أحرف على الأقل)')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('ملاحظة للعميل'), { target: { value: 'أرسل رقم العمارة' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'يحتاج إجراء' }));
    await waitFor(() => expect(commands(requests, 'card-requests.needs-action')).toHaveLength(1));
    expect(commands(requests, 'card-requests.needs-action')[0]!.body).toEqual({
      requestId: id(1),
      expectedRevision: 0,
      note: 'أرسل رقم العمارة',
    });
  });
});
