import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DiagnosticsRequestView, DiagnosticsText } from '@evc/contracts/diagnostics';
import { makeSession, renderApp, storeSession, stubApi, type RecordedRequest } from '../../../testing/render-app';
import { ago, setupLiveTests } from '../../../testing/network-fixtures';

setupLiveTests();

const request = (over: Partial<DiagnosticsRequestView> = {}): DiagnosticsRequestView => ({
  requestId: '00000000-0000-4000-8000-000000000001',
  chargerId: 'CP-1',
  status: 'uploaded',
  from: null,
  to: null,
  commandStatus: 'accepted',
  chargerStatus: 'Uploaded',
  failure: null,
  file: { fileId: 'f'.repeat(64), name: 'diag.log', size: 120, contentType: 'application/octet-stream' },
  requestedBy: { type: 'staff', id: 'a1', name: 'Hala Said' },
  requestedAt: ago(60),
  expiresAt: ago(-3600),
  updatedAt: ago(30),
  ...over,
});

function asStaff(respond: (req: RecordedRequest) => { status?: number; body: unknown } | undefined) {
  storeSession(makeSession('staff', { privileges: ['diagnostics.manage', 'events.read'] }));
  return stubApi(respond);
}

describe("a charger's diagnostics screen", () => {
  it('lists the requests and shows a file as text, never as markup', async () => {
    const text: DiagnosticsText = { name: 'diag.log', size: 120, binary: false, truncated: true, text: '<b>boot</b> <script>x()</script>' };
    const failed = request({
      requestId: '00000000-0000-4000-8000-000000000002',
      status: 'failed',
      failure: 'command_rejected',
      file: null,
    });
    asStaff((req) => {
      if (req.url.startsWith('/api/queries/admin/diagnostics')) return { body: { dataList: [request(), failed], totalCount: 2 } };
      if (req.url.endsWith('/text')) return { body: text };
      return undefined;
    });
    await renderApp('/admin/chargers/CP-1/diagnostics');
    expect(await screen.findByRole('heading', { name: 'Charger CP-1: diagnostics' })).toBeTruthy();
    const rows = await screen.findAllByTestId('diagnostics-request');
    expect(rows.map((r) => r.querySelector('[data-status]')?.getAttribute('data-status'))).toEqual(['uploaded', 'failed']);
    expect(rows[1]!.textContent).toContain('The charger refused.');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'View as text' }));
    const shown = await screen.findByTestId('diagnostics-text');
    expect(shown.textContent).toBe(text.text);
    expect(shown.querySelector('script, b')).toBeNull();
    expect(screen.getByText('Only the start of the file is shown; download it for the rest.')).toBeTruthy();
  });

  it('offers a binary file only as a download, and asks the charger with the window in UTC', async () => {
    const binary: DiagnosticsText = { name: 'diag.bin', size: 9, binary: true, truncated: false, text: null };
    const requests = asStaff((req) => {
      if (req.url.startsWith('/api/queries/admin/diagnostics')) return { body: { dataList: [request()], totalCount: 1 } };
      if (req.url.endsWith('/text')) return { body: binary };
      if (req.url === '/api/commands/diagnostics.request') return { body: { streamId: 'x', revision: 0, position: 9 } };
      return undefined;
    });
    await renderApp('/admin/chargers/CP-1/diagnostics');
    const [row] = await screen.findAllByTestId('diagnostics-request');
    fireEvent.click(within(row!).getByRole('button', { name: 'View as text' }));
    expect(await screen.findByText('This file is not text: download it to read it.')).toBeTruthy();
    expect(screen.queryByTestId('diagnostics-text')).toBeNull();

    fireEvent.change(screen.getByLabelText('From (Cairo time, optional)'), { target: { value: '2026-01-10T08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for diagnostics' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/commands/diagnostics.request')).toBe(true));
    const sent = requests.find((r) => r.url === '/api/commands/diagnostics.request')!.body as Record<string, unknown>;
    // Cairo is UTC+2 in January
    expect(sent).toMatchObject({ chargerId: 'CP-1', from: '2026-01-10T06:00:00.000Z' });
    expect(sent.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Asked. The charger uploads its file when it can; this list follows it.')).toBeTruthy();
  });
});
