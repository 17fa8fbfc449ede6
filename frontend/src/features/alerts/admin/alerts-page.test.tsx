import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlertDetail, AlertRow } from '@evc/contracts/alerts';
import type { Privilege } from '@evc/contracts/shared';
import { makeSession, renderApp, storeSession, stubApi, type RecordedRequest } from '../../../testing/render-app';
import { ago, setupLiveTests } from '../../../testing/network-fixtures';

setupLiveTests();

const LIST = '/api/queries/admin/alerts';
const ALERT_ID = '3f1c2b7a-9d4e-4c1a-8f2b-1a2b3c4d5e6f';
const row: AlertRow = {
  alertId: ALERT_ID,
  kind: 'faulted',
  state: 'open',
  chargerId: 'EVC-001-AC1',
  stationId: 'st-1',
  stationNameEn: 'Maadi Corniche',
  stationNameAr: 'كورنيش المعادي',
  governorateId: 'gov-cairo',
  connectorId: 2,
  errorCode: 'GroundFailure',
  openedAt: ago(600),
  updatedAt: ago(300),
  resolvedAt: null,
};
const detail: AlertDetail = {
  ...row,
  info: 'RCD tripped',
  vendorErrorCode: 'E-042',
  since: ago(600),
  transactionId: null,
  lastMeterAt: null,
  history: [
    { what: 'opened', at: ago(600), by: null, text: null, mail: null },
    { what: 'mailed', at: ago(590), by: null, text: null, mail: { about: 'opened', recipients: 2, outcome: 'sent' } },
    { what: 'noted', at: ago(300), by: { id: 'a1', name: 'Hala Said' }, text: 'Site called', mail: null },
  ],
};
const calls = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.url.split('?')[0] === path);

function asStaff(privileges: Privilege[] = ['alerts.read', 'alerts.manage']) {
  storeSession(makeSession('staff', { privileges }));
  return stubApi((req) => {
    const path = req.url.split('?')[0];
    if (path === LIST) return { body: { dataList: [row], totalCount: 1 } };
    if (path === `${LIST}/${ALERT_ID}`) return { body: detail };
    if (path === '/api/queries/me/alert-subscriptions') return { body: { stationIds: [], governorateIds: [] } };
    if (path?.startsWith('/api/commands/alerts.')) return { body: { streamId: 'alerts-faulted-EVC-001-AC1', revision: 3, position: 99 } };
    return undefined;
  });
}

describe('alerts inbox (staff)', () => {
  it('lists alerts with state and kind filters in the URL', async () => {
    const requests = asStaff();
    await renderApp('/admin/Alerts');
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(within(table).getByText('Connector faulted')).toBeTruthy();
    expect(within(table).getByText('GroundFailure')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'acknowledged' } });
    await waitFor(() => expect(calls(requests, LIST).some((r) => r.url.includes('state=acknowledged'))).toBe(true));
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'silent' } });
    await waitFor(() => expect(calls(requests, LIST).some((r) => r.url.includes('kind=silent'))).toBe(true));
  });

  it('the selected alert: its codes and history; acknowledging sends the why', async () => {
    const requests = asStaff();
    await renderApp(`/admin/Alerts?selected=${ALERT_ID}`);
    expect((await screen.findByTestId('alert-error')).textContent).toContain('E-042');
    expect(screen.getByText('sent to 2 people')).toBeTruthy();
    expect(screen.getByText('Site called')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Note, or why you acknowledge or resolve'), { target: { value: 'Technician on the way' } });
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(calls(requests, '/api/commands/alerts.acknowledge')).toHaveLength(1));
    expect(calls(requests, '/api/commands/alerts.acknowledge')[0]!.body).toMatchObject({
      alertId: ALERT_ID,
      chargerId: 'EVC-001-AC1',
      kind: 'faulted',
      reason: 'Technician on the way',
    });
  });

  it('without alerts.manage the alert is read only', async () => {
    asStaff(['alerts.read']);
    await renderApp(`/admin/Alerts?selected=${ALERT_ID}`);
    await screen.findByTestId('alert-error');
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });
});
