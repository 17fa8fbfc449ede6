import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MasterDataItemView } from '@evc/contracts/catalog';
import type { CountryView } from '@evc/contracts/network';
import {
  VIEWER_PRIVILEGES,
  makeSession,
  renderApp,
  resetBrowserState,
  storeSession,
  stubApi,
  type RecordedRequest,
} from '../../../testing/render-app';
import { makeCharger, makeStation } from '../../../testing/network-fixtures';
import { egpTextToPiastres } from './pricing-page';
import { checkImage } from '../../../components/admin/image-upload';

beforeEach(() => {
  resetBrowserState();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MD = '/api/queries/admin/masterdata';
const brand = (n: number, over: Partial<MasterDataItemView> = {}): MasterDataItemView => ({
  itemId: `brand-${n}`,
  kind: 'carBrand',
  name: `Brand ${n}`,
  nameTranslation: `علامة ${n}`,
  value: '',
  parentId: null,
  parentName: null,
  parentNameAr: null,
  isActive: true,
  usageCount: 0,
  revision: 4,
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});
const byd = brand(1, { itemId: 'brand-byd', name: 'BYD', nameTranslation: 'بي واي دي', usageCount: 2 });

const query = (req: RecordedRequest) => new URL(req.url, 'http://x').searchParams;
const listCalls = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.method === 'GET' && r.url.startsWith(path + '?'));
/** Clicks a row and waits until the URL state has selected it. */
async function selectRow(text: string) {
  const cell = await screen.findByRole('cell', { name: text });
  fireEvent.click(cell);
  await waitFor(() => expect(cell.closest('tr')!.getAttribute('aria-selected')).toBe('true'));
}
const commands = (requests: RecordedRequest[], name: string) => requests.filter((r) => r.url === `/api/commands/${name}`);

function brandsApi(extra: (req: RecordedRequest) => { status?: number; body: unknown } | undefined = () => undefined) {
  return stubApi((req) => {
    const own = extra(req);
    if (own) return own;
    if (req.url.startsWith(MD)) return { body: { dataList: [byd, brand(2)], totalCount: 45 } };
    if (req.url.startsWith('/api/queries/admin/audit')) {
      return {
        body: {
          dataList: [
            {
              eventId: 'e1',
              type: 'MasterDataItemUpdated',
              revision: 4,
              occurredAt: '2026-02-03T10:00:00Z',
              actor: { type: 'staff', id: 'a1', name: 'Hala Said' },
              reason: 'Typo',
              changes: [
                { field: 'name', before: 'BYDD', after: 'BYD', masked: null },
                { field: 'email', before: null, after: null, masked: 'personal' },
              ],
            },
          ],
          totalCount: 1,
        },
      };
    }
    if (req.url.startsWith('/api/commands/')) return { body: { streamId: 's', revision: 5, position: 9 } };
    return undefined;
  });
}

describe('the admin list (car brands)', () => {
  it('sends paging, sorting, search and the active filter to the server, and keeps them in the URL', async () => {
    const requests = brandsApi();
    storeSession(makeSession('staff'));
    const { router } = await renderApp('/admin/masterdata/carbrand');
    await screen.findByText('BYD');
    const first = query(listCalls(requests, MD)[0]!);
    expect(first.get('kind')).toBe('carBrand');
    expect(first.get('page')).toBe('1');
    expect(first.get('pageSize')).toBe('20');
    expect(first.get('sort')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(query(listCalls(requests, MD).at(-1)!).get('sort')).toBe('name'));
    expect(query(listCalls(requests, MD).at(-1)!).get('dir')).toBe('asc');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(query(listCalls(requests, MD).at(-1)!).get('dir')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'by' } });
    await waitFor(() => expect(query(listCalls(requests, MD).at(-1)!).get('q')).toBe('by'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Status filter' }), { target: { value: 'false' } });
    await waitFor(() => expect(query(listCalls(requests, MD).at(-1)!).get('active')).toBe('false'));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(query(listCalls(requests, MD).at(-1)!).get('page')).toBe('2'));
    const last = query(listCalls(requests, MD).at(-1)!);
    expect([last.get('sort'), last.get('dir'), last.get('q'), last.get('active')]).toEqual(['name', 'desc', 'by', 'false']);
    const search = router.state.location.search as Record<string, unknown>;
    expect(search).toMatchObject({ page: 2, sort: 'name', dir: 'desc', q: 'by', status: 'false' });
  });

  it('restores the list state and the selected row from the URL', async () => {
    const requests = brandsApi();
    storeSession(makeSession('staff'));
    await renderApp('/admin/masterdata/carbrand?page=3&sort=usageCount&dir=desc&q=b&selected=brand-byd');
    const row = (await screen.findByRole('cell', { name: 'BYD' })).closest('tr')!;
    expect(row.getAttribute('aria-selected')).toBe('true');
    const sent = query(listCalls(requests, MD)[0]!);
    expect([sent.get('page'), sent.get('sort'), sent.get('dir'), sent.get('q')]).toEqual(['3', 'usageCount', 'desc', 'b']);
  });

  it('asks to select a row before Edit or Delete; selecting (click or keyboard) and Edit opens the form with the row', async () => {
    brandsApi();
    storeSession(makeSession('staff'));
    const { router } = await renderApp('/admin/masterdata/carbrand');
    await screen.findByText('BYD');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Please select a row first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Please select a row first.')).toBeTruthy();

    const row = screen.getByText('Brand 2').closest('tr')!;
    fireEvent.keyDown(row, { key: 'Enter' });
    await waitFor(() => expect(row.getAttribute('aria-selected')).toBe('true'));
    expect(screen.queryByText('Please select a row first.')).toBeNull();
    expect((router.state.location.search as Record<string, unknown>).selected).toBe('brand-2');

    fireEvent.click(screen.getByText('BYD'));
    await waitFor(() => expect(screen.getByText('BYD').closest('tr')!.getAttribute('aria-selected')).toBe('true'));
    expect(row.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('BYD');
    expect((screen.getByLabelText('Name translation') as HTMLInputElement).value).toBe('بي واي دي');
  });

  it('exports the current filters as CSV with the bearer token', async () => {
    const requests = brandsApi((req) => (req.url.includes('format=csv') ? { body: 'name\nBYD\n' } : undefined));
    storeSession(makeSession('staff'));
    await renderApp('/admin/masterdata/carbrand?q=by&status=true');
    await screen.findByText('BYD');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(requests.some((r) => r.url.includes('format=csv'))).toBe(true));
    const csv = requests.find((r) => r.url.includes('format=csv'))!;
    const params = query(csv);
    expect([params.get('format'), params.get('kind'), params.get('q'), params.get('active')]).toEqual(['csv', 'carBrand', 'by', 'true']);
    expect(params.get('page')).toBeNull();
    expect(csv.headers.Authorization).toBe('Bearer staff-token-1');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('a Viewer sees the list and the history of the selected row, but no Add, Edit or Delete', async () => {
    const requests = brandsApi();
    storeSession(makeSession('staff', { privileges: VIEWER_PRIVILEGES, roles: ['Viewer'] }));
    await renderApp('/admin/masterdata/carbrand');
    fireEvent.click(await screen.findByText('BYD'));
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText(/by Hala Said/)).toBeTruthy();
    expect(within(history).getByText('Reason: Typo')).toBeTruthy();
    expect(within(history).getByText('BYDD')).toBeTruthy();
    // A masked change says why it is hidden, in the explorer's words, never what it holds.
    expect(within(history).getByText('personal data: needs the customers privilege')).toBeTruthy();
    expect(query(requests.find((r) => r.url.startsWith('/api/queries/admin/audit'))!).get('streamId')).toBe('masterdata-brand-byd');
  });
});

describe('master data in use', () => {
  const inUse = (req: RecordedRequest) =>
    req.url === '/api/commands/masterdata.delete'
      ? {
          status: 422,
          body: {
            code: 'catalog.in_use',
            message: 'in use',
            fieldErrors: [{ path: 'itemId', code: 'in_use', params: { names: 'Atto 3, Dolphin', count: 2 } }],
          },
        }
      : undefined;

  it('shows the names that use an item when deleting it (English)', async () => {
    const requests = brandsApi(inUse);
    storeSession(makeSession('staff'));
    await renderApp('/admin/masterdata/carbrand');
    await selectRow('BYD');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("The following data Atto 3 and Dolphin are in use and can't be deleted")).toBeTruthy();
    expect(commands(requests, 'masterdata.delete')[0]?.body).toEqual({ id: 'brand-byd', expectedRevision: 4 });
  });

  it('shows the names in Arabic, and "can\'t be deactivated" when deactivating', async () => {
    brandsApi((req) =>
      req.url === '/api/commands/masterdata.update'
        ? {
            status: 422,
            body: {
              code: 'catalog.in_use',
              message: 'in use',
              fieldErrors: [{ path: 'itemId', code: 'in_use', params: { names: 'Atto 3, Dolphin' } }],
            },
          }
        : inUse(req),
    );
    storeSession(makeSession('staff'));
    await renderApp('/admin/masterdata/carbrand?lang=ar');
    await selectRow('بي واي دي');
    fireEvent.click(screen.getByRole('button', { name: 'حذف' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText(/البيانات التالية Atto 3 و\s?Dolphin مستخدمة ولا يمكن حذفها/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'تعديل' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'نشط' }));
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText(/البيانات التالية Atto 3 و\s?Dolphin مستخدمة ولا يمكن إلغاء تفعيلها/)).toBeTruthy();
  });
});

describe('default order follows the language', () => {
  it('an Arabic list is sorted by the Arabic name until the user picks a column; an English one keeps the server default', async () => {
    const requests = brandsApi(() => undefined);
    storeSession(makeSession('staff'));
    await renderApp('/admin/masterdata/carbrand?lang=ar');
    await screen.findByText('بي واي دي');
    const listCalls = () => requests.filter((r) => r.url.startsWith(MD)).map((r) => new URL(r.url, 'http://x').searchParams);
    expect(listCalls().at(-1)?.get('sort')).toBe('nameTranslation');
    expect(listCalls().at(-1)?.get('dir')).toBe('asc');
    // The default order shows on its column, and clicking that column turns it around.
    const nameHeader = screen.getAllByRole('columnheader')[0]!;
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(listCalls().at(-1)?.get('dir')).toBe('desc'));
    expect(listCalls().at(-1)?.get('sort')).toBe('nameTranslation');
  });

  it('English pages send no sort of their own', async () => {
    const requests = brandsApi(() => undefined);
    storeSession(makeSession('staff'));
    await renderApp('/admin/masterdata/carbrand');
    await screen.findByText('BYD');
    const last = requests
      .filter((r) => r.url.startsWith(MD))
      .map((r) => new URL(r.url, 'http://x').searchParams)
      .at(-1);
    expect(last?.get('sort')).toBeNull();
  });
});

describe('concurrency', () => {
  it('a 409 keeps the input, says the item changed, and Reload loads the fresh row', async () => {
    let revision = 4;
    const requests = brandsApi((req) => {
      if (req.url === '/api/commands/masterdata.update') return { status: 409, body: { code: 'concurrency.conflict', message: 'stale' } };
      if (req.url.startsWith(MD))
        return { body: { dataList: [{ ...byd, revision, name: revision > 4 ? 'BYD Auto' : 'BYD' }], totalCount: 1 } };
      return undefined;
    });
    storeSession(makeSession('staff'));
    await renderApp('/admin/masterdata/carbrand');
    await selectRow('BYD');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'BYD Motors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This item was changed by someone else. Reload it and try again.')).toBeTruthy();
    expect(commands(requests, 'masterdata.update')[0]?.body).toMatchObject({
      itemId: 'brand-byd',
      name: 'BYD Motors',
      expectedRevision: 4,
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('BYD Motors');
    revision = 6;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('BYD Auto'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(commands(requests, 'masterdata.update')[1]?.body).toMatchObject({ expectedRevision: 6 }));
  });
});

describe('countries', () => {
  const flagId = 'a'.repeat(64);
  const countriesApi = () =>
    stubApi((req) => {
      if (req.url === '/api/files') return { body: { fileId: flagId, checksum: 'c', contentType: 'image/png', size: 10, purpose: 'flag' } };
      if (req.url.startsWith('/api/commands/')) return { body: { streamId: 's', revision: 0, position: 3 } };
      if (req.url.startsWith('/api/queries/admin/countries')) return { body: { dataList: [] as CountryView[], totalCount: 0 } };
      return undefined;
    });
  const pick = (file: File) => fireEvent.change(screen.getByLabelText('Flag'), { target: { files: [file] } });

  it('requires a flag image, refuses a 6 MB file and a .txt, uploads a PNG and sends its id', async () => {
    const requests = countriesApi();
    storeSession(makeSession('staff'));
    await renderApp('/admin/countries');
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    fireEvent.change(await screen.findByLabelText('Country code (ISO)'), { target: { value: 'ly' } });
    fireEvent.change(screen.getByLabelText('Name in English'), { target: { value: 'Libya' } });
    fireEvent.change(screen.getByLabelText('Name in Arabic'), { target: { value: 'ليبيا' } });
    fireEvent.change(screen.getByLabelText('Phone code'), { target: { value: '+218' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'lyd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select an image')).toBeTruthy();
    expect(commands(requests, 'countries.create')).toHaveLength(0);

    pick(new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('upload exceeds 5 MB')).toBeTruthy();
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Only JPG or PNG images can be uploaded')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/files')).toHaveLength(0);

    pick(new File([new Uint8Array([137, 80, 78, 71])], 'flag.png', { type: 'image/png' }));
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/files')).toHaveLength(1));
    const upload = requests.find((r) => r.url === '/api/files')!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('purpose')).toBe('flag');
    expect(((upload.body as FormData).get('file') as File).name).toBe('flag.png');
    expect(upload.headers.Authorization).toBe('Bearer staff-token-1');
    expect(await screen.findByRole('img', { name: 'Preview' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(commands(requests, 'countries.create')[0]?.body).toEqual({
        countryId: 'ly',
        iso: 'LY',
        nameEn: 'Libya',
        nameAr: 'ليبيا',
        phoneCode: '+218',
        currency: 'LYD',
        flagFileId: flagId,
        isActive: true,
      }),
    );
  });

  it('checks images on the client: type and size', () => {
    expect(checkImage(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(checkImage(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe('upload.type');
    expect(checkImage(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe('upload.tooLarge');
  });
});

describe('chargers of a station', () => {
  const saved = makeCharger({
    status: 'available',
    connectors: [{ connectorId: 1, code: 'C1', type: 'Type2', current: 'AC', maxPowerKw: 22, status: 'available' }],
    firmwareVersion: null,
    reported: null,
    lastBootAt: null,
    lastHeartbeatAt: null,
    lastSeenAt: null,
    lastConnectedAt: null,
  });
  const station = makeStation([saved]);
  const stationsApi = (exists = false) =>
    stubApi((req) => {
      if (req.url === '/api/commands/chargers.add')
        return exists
          ? { status: 409, body: { code: 'network.charger_exists', message: 'exists' } }
          : { body: { streamId: 'charger-EVC-NEW', revision: 0, position: 12, chargerId: 'EVC-NEW', secretKey: 'k3y-shown-once' } };
      if (req.url.startsWith('/api/commands/')) return { body: { streamId: 's', revision: 8, position: 13 } };
      if (req.url.startsWith('/api/queries/admin/stations')) return { body: { dataList: [station], totalCount: 1 } };
      return undefined;
    });
  const openStation = async () => {
    storeSession(makeSession('staff'));
    await renderApp('/admin/chargerManagement');
    fireEvent.click(await screen.findByText('Zamalek'));
    return screen.findByRole('region', { name: 'Chargers of Zamalek' });
  };
  const fillCharger = () => {
    fireEvent.change(screen.getByLabelText('Charger ID'), { target: { value: 'EVC-NEW' } });
    fireEvent.change(screen.getByLabelText('Serial number'), { target: { value: 'SN-NEW' } });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'Terra 54' } });
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: 'ABB' } });
    fireEvent.change(screen.getByLabelText('Max power (kW)'), { target: { value: '٥٠' } });
  };

  it('adding a charger shows its secret key once, with the warning and a copy button', async () => {
    const requests = stationsApi();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openStation();
    fireEvent.click(screen.getByRole('button', { name: 'Add charger' }));
    await screen.findByRole('form', { name: 'New charger' });
    fillCharger();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secret key of charger EVC-NEW' });
    expect(within(dialog).getByText('k3y-shown-once')).toBeTruthy();
    expect(within(dialog).getByText(/It is shown only once: it cannot be shown again/)).toBeTruthy();
    expect(commands(requests, 'chargers.add')[0]?.body).toEqual({
      chargerId: 'EVC-NEW',
      stationId: 'cai-zamalek',
      serialNumber: 'SN-NEW',
      model: 'Terra 54',
      vendor: 'ABB',
      ocppVersion: '1.6',
      connectors: [{ connectorId: 1, code: 'C1', type: 'Type2', current: 'AC', maxPowerKw: 50 }],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('k3y-shown-once'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('k3y-shown-once')).toBeNull();
  });

  it('shows "Charger already exists" beside the charger id', async () => {
    stationsApi(true);
    await openStation();
    fireEvent.click(screen.getByRole('button', { name: 'Add charger' }));
    await screen.findByRole('form', { name: 'New charger' });
    fillCharger();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Charger already exists')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removing an unsaved charger row sends nothing', async () => {
    const requests = stationsApi();
    await openStation();
    fireEvent.click(screen.getByRole('button', { name: 'Add charger' }));
    await screen.findByRole('form', { name: 'New charger' });
    fireEvent.change(screen.getByLabelText('Charger ID'), { target: { value: 'EVC-TMP' } });
    const before = requests.length;
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('form', { name: 'New charger' })).toBeNull();
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(requests.slice(before).filter((r) => r.url.startsWith('/api/commands/'))).toEqual([]);
  });

  it('deleting a saved charger sends chargers.delete with its revision', async () => {
    const requests = stationsApi();
    await openStation();
    fireEvent.click(screen.getByRole('button', { name: 'Delete charger EVC-001' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Delete charger EVC-001\?/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(commands(requests, 'chargers.delete')[0]?.body).toEqual({ chargerId: 'EVC-001', expectedRevision: 7 }));
  });

  it('rotating the secret shows the new key in the same dialog', async () => {
    const requests = stubApi((req) => {
      if (req.url === '/api/commands/chargers.rotate-secret')
        return { body: { streamId: 'charger-EVC-001', revision: 8, position: 14, chargerId: 'EVC-001', secretKey: 'n3w-k3y' } };
      if (req.url.startsWith('/api/queries/admin/stations')) return { body: { dataList: [station], totalCount: 1 } };
      return undefined;
    });
    await openStation();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate the secret of charger EVC-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secret key of charger EVC-001' });
    expect(within(dialog).getByText('n3w-k3y')).toBeTruthy();
    expect(commands(requests, 'chargers.rotate-secret')[0]?.body).toEqual({ chargerId: 'EVC-001', expectedRevision: 7 });
  });
});

describe('pricing', () => {
  it('converts EGP (also typed in Eastern Arabic digits) to integer piastres', () => {
    expect(egpTextToPiastres('2.5')).toBe(250);
    expect(egpTextToPiastres('٢٫٥')).toBe(250);
    expect(egpTextToPiastres('١٠')).toBe(1000);
    expect(egpTextToPiastres('0.105')).toBe(11);
    expect(Number.isNaN(egpTextToPiastres('abc'))).toBe(true);
    expect(Number.isNaN(egpTextToPiastres('-1'))).toBe(true);
  });

  it('sends pricing.set in piastres with the effective time and reason', async () => {
    const requests = stubApi((req) =>
      req.url.startsWith('/api/commands/') ? { body: { streamId: 'pricing-network', revision: 3, position: 20 } } : undefined,
    );
    storeSession(makeSession('staff'));
    await renderApp('/admin/chargerspricingsettings');
    fireEvent.click(await screen.findByRole('button', { name: 'Change prices' }));
    const ac = (await screen.findByLabelText('AC price per kWh')) as HTMLInputElement;
    expect(ac.value).toBe('2.5');
    fireEvent.change(ac, { target: { value: '٣٫٧٥' } });
    fireEvent.change(screen.getByLabelText('DC price per kWh'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Minimum charge'), { target: { value: '١٥' } });
    fireEvent.change(screen.getByLabelText('Booking fee per minute'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Effective from'), { target: { value: '2026-07-01T08:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid amount')).toBeTruthy();
    expect(await screen.findByText('Enter a reason (at least 3 characters)')).toBeTruthy();
    expect(commands(requests, 'pricing.set')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Booking fee per minute'), { target: { value: '0.2' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'New tariff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(commands(requests, 'pricing.set')[0]?.body).toEqual({
        acPricePerKwh: 375,
        dcPricePerKwh: 600,
        minimumCharge: 1500,
        bookingFeePerMinute: 20,
        effectiveFrom: '2026-07-01T05:30:00.000Z', // 08:30 Cairo summer time (UTC+3)
        reason: 'New tariff',
      }),
    );
  });
});
