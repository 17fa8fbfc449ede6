import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  VIEWER_PRIVILEGES,
  makeSession,
  renderApp,
  resetBrowserState,
  storeSession,
  stubApi,
  type RecordedRequest,
} from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const roles = [
  { roleId: 'role-viewer', name: 'Viewer', nameAr: 'مشاهد', privileges: VIEWER_PRIVILEGES, adminIds: [], revision: 0 },
  { roleId: 'role-operator', name: 'Operator', nameAr: 'مشغل', privileges: ['stations.write'], adminIds: [], revision: 2 },
];
const mail = {
  mailId: 'm-1',
  to: 'mona@example.com',
  subject: 'Confirm your e-mail',
  text: 'Plain body',
  html: '<p>Hello <script>alert(1)</script></p>',
  locale: 'en',
  sentAt: '2026-02-03T10:00:00Z',
};
const api = () =>
  stubApi((req) => {
    if (req.url.startsWith('/api/queries/roles')) return { body: { dataList: roles, totalCount: 2 } };
    if (req.url.startsWith('/api/queries/admins')) return { body: { dataList: [], totalCount: 0 } };
    if (req.url.startsWith('/api/queries/mailbox')) return { body: { dataList: [mail], totalCount: 1 } };
    return undefined;
  });
const listCalls = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.url.startsWith(path + '?'));

/** Clicks a row and waits until the URL state has selected it. */
async function selectRow(text: string) {
  const cell = await screen.findByText(text);
  fireEvent.click(cell);
  await waitFor(() => expect(cell.closest('tr')!.getAttribute('aria-selected')).toBe('true'));
}

describe('identity screens on the shared admin list', () => {
  it('roles: select a row before Edit; Edit shows the role privileges; no CSV (the query answers JSON only)', async () => {
    api();
    storeSession(makeSession('staff'));
    const { router } = await renderApp('/admin/roles');
    await screen.findByText('Operator');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Please select a row first.')).toBeTruthy();
    await selectRow('Operator');
    expect(screen.queryByText('Please select a row first.')).toBeNull();
    expect((router.state.location.search as Record<string, unknown>).selected).toBe('role-operator');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(((await screen.findByLabelText('Name (English)')) as HTMLInputElement).value).toBe('Operator');
    expect((screen.getByRole('checkbox', { name: 'Manage stations and chargers' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Manage roles' }) as HTMLInputElement).checked).toBe(false);
  });

  it('roles: a Viewer sees no New role or Edit', async () => {
    api();
    storeSession(makeSession('staff', { privileges: VIEWER_PRIVILEGES, roles: ['Viewer'] }));
    await renderApp('/admin/roles');
    await screen.findByText('Operator');
    expect(screen.queryByRole('button', { name: 'New role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('mailbox: search goes to the server; the selected mail opens in a sandboxed frame, or as text', async () => {
    const requests = api();
    storeSession(makeSession('staff'));
    const { router } = await renderApp('/admin/mailbox');
    await screen.findByText('Confirm your e-mail');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'mona' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() =>
      expect(listCalls(requests, '/api/queries/mailbox').some((r) => new URL(r.url, 'http://x').searchParams.get('q') === 'mona')).toBe(
        true,
      ),
    );
    expect((router.state.location.search as Record<string, unknown>).q).toBe('mona');

    await selectRow('Confirm your e-mail');
    const frame = (await screen.findByTitle('Mail body')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(mail.html);
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    expect(screen.getByText('Plain body')).toBeTruthy();
    expect(screen.queryByTitle('Mail body')).toBeNull();
  });
});
