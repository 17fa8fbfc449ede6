import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { VIEWER_PRIVILEGES, makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = {
  adminId: '5f0e0c1e-3c59-4d43-9b9e-2f5a4a0f2a11',
  firstName: 'Mona',
  lastName: 'Adel',
  email: 'mona@evc.example',
  roleIds: ['role-viewer'],
  roleNames: ['Viewer'],
  roleNamesAr: ['مشاهد'],
  isActive: true,
  revision: 3,
  createdAt: '2026-01-01T00:00:00Z',
};
const roles = [
  { roleId: 'role-viewer', name: 'Viewer', nameAr: 'مشاهد', privileges: VIEWER_PRIVILEGES, adminIds: [admin.adminId], revision: 0 },
  { roleId: 'role-operator', name: 'Operator', nameAr: 'مشغل', privileges: ['stations.write'], adminIds: [], revision: 0 },
];
const api = () =>
  stubApi((req) => {
    if (req.url.startsWith('/api/queries/admins')) return { body: { dataList: [admin], totalCount: 1 } };
    if (req.url.startsWith('/api/queries/roles')) return { body: { dataList: roles, totalCount: 2 } };
    if (req.url.startsWith('/api/commands/admins.')) return { body: { streamId: 'account-x', revision: 4, position: 11 } };
    return undefined;
  });

describe('admins screen', () => {
  it('a Viewer sees the list but no create, edit or deactivate buttons, and no menu entry for the mailbox', async () => {
    api();
    storeSession(makeSession('staff', { privileges: VIEWER_PRIVILEGES, roles: ['Viewer'] }));
    await renderApp('/admin/admins');
    expect(await screen.findByText('mona@evc.example')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Mailbox' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Roles' })).toBeTruthy();
    expect(screen.getByTestId('admin-name').textContent).toBe('Hala Said');
  });

  it('ar: the roles column names the roles in Arabic', async () => {
    api();
    storeSession(makeSession('staff'));
    await renderApp('/admin/admins?lang=ar');
    const row = (await screen.findByText('mona@evc.example')).closest('tr')!;
    expect(row.textContent).toContain('مشاهد');
    expect(row.textContent).not.toContain('Viewer');
  });

  it('a super admin sees the create button; edit without a selection prompts to select a row', async () => {
    api();
    storeSession(makeSession('staff'));
    await renderApp('/admin/admins');
    await screen.findByText('mona@evc.example');
    expect(screen.getByRole('button', { name: 'New admin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mailbox' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Please select a row first.')).toBeTruthy();
  });

  it('deactivating needs a reason and sends it with the revision', async () => {
    const requests = api();
    storeSession(makeSession('staff'));
    await renderApp('/admin/admins');
    const cell = await screen.findByText('mona@evc.example');
    fireEvent.click(cell);
    // the selection lives in the URL (the shared admin list): wait until the router has rendered it
    await waitFor(() => expect(cell.closest('tr')!.getAttribute('aria-selected')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const submit = (await screen.findAllByRole('button', { name: 'Deactivate' })).at(-1)!;
    fireEvent.click(submit);
    expect(await screen.findByText('Enter a reason (at least 3 characters)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Left the company' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/api/commands/admins.deactivate')?.body).toEqual({
        adminId: admin.adminId,
        reason: 'Left the company',
        expectedRevision: 3,
      }),
    );
    const auth = requests.find((r) => r.url === '/api/commands/admins.deactivate');
    expect(auth).toBeTruthy();
  });
});
