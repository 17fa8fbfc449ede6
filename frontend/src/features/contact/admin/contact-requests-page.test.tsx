import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContactRequestDetail, ContactRequestRow } from '@evc/contracts/contact';
import { makeSession, renderApp, storeSession, stubApi, VIEWER_PRIVILEGES, type RecordedRequest } from '../../../testing/render-app';
import { ago, setupLiveTests } from '../../../testing/network-fixtures';

setupLiveTests();

const LIST = '/api/queries/admin/contact-requests';
const REQUEST_ID = '0b7f3c1e-3a52-4f62-9f0b-6b4f3a0e2c11';
const row = (over: Partial<ContactRequestRow> = {}): ContactRequestRow => ({
  requestId: REQUEST_ID,
  fullName: 'Mona Hassan',
  email: 'mona@example.com',
  title: 'The charger at Zamalek will not start',
  type: 'complaint',
  status: 'new',
  customerId: 'c1',
  locale: 'ar',
  replyCount: 1,
  commentCount: 1,
  createdAt: ago(7200),
  updatedAt: ago(600),
  ...over,
});
const detail = (over: Partial<ContactRequestDetail> = {}): ContactRequestDetail => ({
  ...row(),
  details: 'I tapped start twice and nothing happened.',
  replies: [
    { replyId: 'r-1', message: 'We reset it; please try again.', at: ago(900), by: { id: 'a1', name: 'Hala Said' }, delivery: 'failed' },
  ],
  comments: [{ commentId: 'k-1', text: 'Customer called twice', at: ago(800), by: { id: 'a1', name: 'Hala Said' } }],
  revision: 4,
  ...over,
});
const calls = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.url.split('?')[0] === path);
const ok = { body: { streamId: 'contact-request-x', revision: 5, position: 99 } };

function asManager(over: Partial<ContactRequestDetail> = {}) {
  storeSession(makeSession('staff'));
  return stubApi((req) => {
    const path = req.url.split('?')[0];
    if (path === LIST) return { body: { dataList: [row()], totalCount: 1 } };
    if (path === `${LIST}/${REQUEST_ID}`) return { body: detail(over) };
    if (path?.startsWith('/api/commands/contact-requests.')) return ok;
    return undefined;
  });
}

describe('contact requests (managers)', () => {
  it('lists with status, type and date filters and search in the URL', async () => {
    const requests = asManager();
    await renderApp('/admin/Contactusrequests');
    const table = await screen.findByRole('table', { name: 'Contact requests' });
    expect(within(table).getByText('The charger at Zamalek will not start')).toBeTruthy();
    expect(within(table).getByText('Complaint')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'needs_action' } });
    await waitFor(() => expect(calls(requests, LIST).some((r) => r.url.includes('status=needs_action'))).toBe(true));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'praise' } });
    await waitFor(() =>
      expect(calls(requests, LIST).some((r) => r.url.includes('type=praise') && r.url.includes('status=needs_action'))).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    await waitFor(() => expect(calls(requests, LIST).some((r) => r.url.includes('from=2026-02-01'))).toBe(true));
  });

  it('the selected request: replies with their mail state, internal comments marked as such, reply and comment forms', async () => {
    const requests = asManager();
    await renderApp(`/admin/Contactusrequests?selected=${REQUEST_ID}`);
    await screen.findByRole('heading', { level: 2, name: 'The charger at Zamalek will not start' });
    expect(screen.getByText(/replies in Arabic/)).toBeTruthy();
    const reply = screen.getByTestId('contact-reply');
    expect(reply.textContent).toContain('mail not sent');
    fireEvent.click(within(reply).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(calls(requests, '/api/commands/contact-requests.resend-reply')).toHaveLength(1));
    expect(screen.getByText('Only managers see these comments; the customer never does.')).toBeTruthy();
    expect(screen.getByTestId('contact-comment').textContent).toContain('Customer called twice');

    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(calls(requests, '/api/commands/contact-requests.reply')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Reply by e-mail'), { target: { value: 'أعدنا تشغيل الشاحن.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls(requests, '/api/commands/contact-requests.reply')).toHaveLength(1));
    expect(calls(requests, '/api/commands/contact-requests.reply')[0]?.body).toEqual({
      requestId: REQUEST_ID,
      replyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: 'أعدنا تشغيل الشاحن.',
    });
    expect(await screen.findByText('The reply was sent.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Internal comment'), { target: { value: 'Checked the log' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(calls(requests, '/api/commands/contact-requests.comment')).toHaveLength(1));
    expect(calls(requests, '/api/commands/contact-requests.comment')[0]?.body).toMatchObject({
      requestId: REQUEST_ID,
      text: 'Checked the log',
    });
  });

  it('updates the status with the revision seen ("Request status updated successfully") and closes', async () => {
    const requests = asManager();
    await renderApp(`/admin/Contactusrequests?selected=${REQUEST_ID}`);
    await screen.findByRole('heading', { level: 2, name: 'The charger at Zamalek will not start' });
    fireEvent.change(screen.getByLabelText('Request status'), { target: { value: 'needs_action' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(calls(requests, '/api/commands/contact-requests.set-status')).toHaveLength(1));
    expect(calls(requests, '/api/commands/contact-requests.set-status')[0]?.body).toEqual({
      requestId: REQUEST_ID,
      status: 'needs_action',
      expectedRevision: 4,
    });
    expect(await screen.findByText('Request status updated successfully')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close request' }));
    await waitFor(() => expect(calls(requests, '/api/commands/contact-requests.set-status')).toHaveLength(2));
    expect(calls(requests, '/api/commands/contact-requests.set-status')[1]?.body).toMatchObject({ status: 'closed' });
  });

  it('a closed request offers no reply form', async () => {
    asManager({ status: 'closed' });
    await renderApp(`/admin/Contactusrequests?selected=${REQUEST_ID}`);
    expect(await screen.findByText('This request is closed. Set another status to reply.')).toBeTruthy();
    expect(screen.queryByLabelText('Reply by e-mail')).toBeNull();
  });

  it('is not on the menu, and not reachable, without contact.manage', async () => {
    storeSession(makeSession('staff', { privileges: VIEWER_PRIVILEGES }));
    stubApi();
    await renderApp('/admin/Contactusrequests');
    expect(await screen.findByText('Unauthorized')).toBeTruthy();
  });
});
