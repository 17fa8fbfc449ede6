import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChargerCommandStatus, ChargerCommandView } from '@evc/contracts/chargers-live';
import { makeSession, renderApp, storeSession, stubApi, VIEWER_PRIVILEGES, type RecordedRequest } from '../../../testing/render-app';
import { advance, ago, makeCharger, makeStation, setupLiveTests } from '../../../testing/network-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SEND = '/api/commands/chargers.send-command';
const COMMANDS = '/api/queries/admin/ocpp-commands';

setupLiveTests();

const charger = makeCharger({
  connectors: [
    { connectorId: 1, code: 'C1', type: 'Type2', current: 'AC', maxPowerKw: 22, status: 'available' },
    { connectorId: 2, code: 'C2', type: 'Type2', current: 'AC', maxPowerKw: 22, status: 'charging' },
  ],
});
const station = makeStation([charger]);

const command = (n: number, status: ChargerCommandStatus, over: Partial<ChargerCommandView> = {}): ChargerCommandView => ({
  commandId: `00000000-0000-4000-8000-00000000000${n}`,
  chargerId: 'EVC-001',
  action: 'Reset',
  request: { type: 'Soft' },
  status,
  ocppAction: status === 'pending' ? null : 'Reset',
  protocol: '1.6',
  response: status === 'pending' ? null : { status: status === 'accepted' ? 'Accepted' : 'Rejected' },
  error: status === 'error' ? 'InternalError: boom' : null,
  requestedBy: { type: 'staff', id: 'a1', name: 'Hala Said' },
  reason: null,
  requestedAt: ago(n * 60),
  sentAt: null,
  answeredAt: null,
  ...over,
});
const ALL: ChargerCommandView[] = [
  command(1, 'pending'),
  command(2, 'accepted', {
    action: 'GetConfiguration',
    request: {},
    response: { configurationKey: [{ key: 'HeartbeatInterval', value: '300', readonly: false }] },
  }),
  command(3, 'rejected', { action: 'UnlockConnector', request: { connectorId: 2 } }),
  command(4, 'not_supported'),
  command(5, 'offline', { response: null }),
  command(6, 'timeout', { response: null }),
  command(7, 'error', { response: null }),
];

const commandCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.url.startsWith(COMMANDS + '?'));
const sends = (requests: RecordedRequest[]) => requests.filter((r) => r.url === SEND);

const SESSIONS = '/api/queries/admin/sessions';
/** A running session on connector 2 (the list line) and its detail, which holds the charger's transaction id. */
const running = { sessionId: '11111111-1111-4111-8111-111111111111', connectorId: 2, customerName: 'Omar Fathy', status: 'charging' };

function api(state: {
  commands: ChargerCommandView[];
  send?: (req: RecordedRequest) => { status?: number; body: unknown };
  running?: boolean;
}) {
  return stubApi((req) => {
    if (req.url.startsWith('/api/queries/admin/stations')) return { body: { dataList: [station], totalCount: 1 } };
    if (req.url.startsWith(SESSIONS + '?'))
      return { body: state.running ? { dataList: [running], totalCount: 1 } : { dataList: [], totalCount: 0 } };
    if (req.url.startsWith(`${SESSIONS}/${running.sessionId}`)) return { body: { ...running, transactionId: '4711' } };
    if (req.url.startsWith(COMMANDS)) return { body: { dataList: state.commands, totalCount: state.commands.length } };
    if (req.url === SEND) return state.send?.(req) ?? { body: { streamId: 'charger-command-x', revision: 0, position: 91 } };
    return undefined;
  });
}

async function openStation(lang: 'en' | 'ar' = 'en', privileges?: typeof VIEWER_PRIVILEGES) {
  storeSession(makeSession('staff', privileges ? { privileges, roles: ['Viewer'] } : {}));
  await renderApp(`/admin/chargerManagement${lang === 'ar' ? '?lang=ar' : ''}`);
  fireEvent.click(await screen.findByText(lang === 'ar' ? 'الزمالك' : 'Zamalek'));
  return screen.findByRole('region', { name: lang === 'ar' ? 'شواحن الزمالك' : 'Chargers of Zamalek' });
}

describe('charger commands', () => {
  it('Reset sends action, type, chargerId and a new uuid commandId with the bearer token, once per submit, and toasts', async () => {
    const requests = api({ commands: [] });
    const panel = await openStation();
    const buttons = within(panel).getByRole('group', { name: 'OCPP commands of charger EVC-001' });
    fireEvent.click(within(buttons).getByRole('button', { name: 'Reset: charger EVC-001' }));
    const form = await screen.findByRole('form', { name: 'Reset: charger EVC-001' });
    fireEvent.change(within(form).getByLabelText('Reset type'), { target: { value: 'Hard' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(sends(requests)).toHaveLength(1));
    const sent = sends(requests)[0]!;
    expect(sent.method).toBe('POST');
    expect(new Headers(sent.headers).get('Authorization')).toBe('Bearer staff-token-1');
    const body = sent.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['action', 'chargerId', 'commandId', 'type']);
    expect(body).toMatchObject({ action: 'Reset', type: 'Hard', chargerId: 'EVC-001' });
    expect(body.commandId).toMatch(UUID);
    expect(await screen.findByText('Reset sent to charger EVC-001.')).toBeTruthy();
    // the form closes and the Commands panel opens, reading its own write
    expect(screen.queryByRole('form', { name: 'Reset: charger EVC-001' })).toBeNull();
    await screen.findByRole('region', { name: 'Commands of charger EVC-001' });
    await waitFor(() => expect(new URL(commandCalls(requests).at(-1)!.url, 'http://x').searchParams.get('position')).toBe('91'));

    // a second submit is a new command with a new id
    fireEvent.click(within(buttons).getByRole('button', { name: 'Reset: charger EVC-001' }));
    fireEvent.click(within(await screen.findByRole('form', { name: 'Reset: charger EVC-001' })).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(2));
    const second = sends(requests)[1]!.body as Record<string, unknown>;
    expect(second).toMatchObject({ action: 'Reset', type: 'Soft', chargerId: 'EVC-001' });
    expect(second.commandId).toMatch(UUID);
    expect(second.commandId).not.toBe(body.commandId);
  });

  it('Change availability, Unlock and Trigger send the connector chosen (0: the whole charger)', async () => {
    const requests = api({ commands: [] });
    const panel = await openStation();
    const open = async (label: string) => {
      fireEvent.click(within(panel).getByRole('button', { name: `${label}: charger EVC-001` }));
      return screen.findByRole('form', { name: `${label}: charger EVC-001` });
    };
    let form = await open('Change availability');
    fireEvent.change(within(form).getByLabelText('Availability'), { target: { value: 'Inoperative' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(1));
    expect(sends(requests)[0]!.body).toMatchObject({ action: 'ChangeAvailability', connectorId: 0, type: 'Inoperative' });

    form = await open('Unlock connector');
    fireEvent.change(within(form).getByLabelText('Connector'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(2));
    expect(sends(requests)[1]!.body).toMatchObject({ action: 'UnlockConnector', connectorId: 2 });

    form = await open('Trigger message');
    fireEvent.change(within(form).getByLabelText('Message to trigger'), { target: { value: 'Heartbeat' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(3));
    expect(sends(requests)[2]!.body).not.toHaveProperty('connectorId');
    expect(sends(requests)[2]!.body).toMatchObject({ action: 'TriggerMessage', requestedMessage: 'Heartbeat' });

    form = await open('Get configuration');
    fireEvent.change(within(form).getByLabelText('Keys (optional)'), {
      target: { value: 'HeartbeatInterval,\n MeterValueSampleInterval ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(4));
    expect(sends(requests)[3]!.body).toMatchObject({ action: 'GetConfiguration', keys: ['HeartbeatInterval', 'MeterValueSampleInterval'] });
  });

  it('Change configuration is validated with the shared schema and shows server field errors beside the fields', async () => {
    const requests = api({
      commands: [],
      send: () => ({
        status: 422,
        body: {
          code: 'validation.failed',
          message: 'invalid',
          fieldErrors: [{ path: 'value', code: 'too_big', params: { maximum: 500 } }],
        },
      }),
    });
    const panel = await openStation();
    fireEvent.click(within(panel).getByRole('button', { name: 'Change configuration: charger EVC-001' }));
    const form = await screen.findByRole('form', { name: 'Change configuration: charger EVC-001' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(form).getByLabelText('Key').getAttribute('aria-invalid')).toBe('true'));
    expect(sends(requests)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Key'), { target: { value: 'HeartbeatInterval' } });
    fireEvent.change(within(form).getByLabelText('Value'), { target: { value: '60' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(form).getByLabelText('Value').getAttribute('aria-invalid')).toBe('true'));
    expect(sends(requests)[0]!.body).toMatchObject({ action: 'ChangeConfiguration', key: 'HeartbeatInterval', value: '60' });
    expect(within(form).getByLabelText('Key').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('form', { name: 'Change configuration: charger EVC-001' })).toBeTruthy();
  });

  it('a Viewer (no stations.write) sees no command buttons and no Commands panel', async () => {
    const requests = api({ commands: ALL });
    const panel = await openStation('en', VIEWER_PRIVILEGES);
    expect(within(panel).getByRole('cell', { name: 'EVC-001' })).toBeTruthy();
    expect(within(panel).queryByRole('group', { name: 'OCPP commands of charger EVC-001' })).toBeNull();
    const labels = ['Reset', 'Unlock connector', 'Change availability', 'Trigger message', 'Get configuration', 'Change configuration'];
    for (const label of [...labels, 'Remote start', 'Remote stop', 'Reserve now', 'Cancel reservation']) {
      expect(screen.queryByRole('button', { name: `${label}: charger EVC-001` })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Commands of charger EVC-001' })).toBeNull();
    expect(commandCalls(requests)).toHaveLength(0);
  });
});

describe('session and reservation commands', () => {
  const openForm = async (label: string) => {
    const panel = await openStation();
    fireEvent.click(within(panel).getByRole('button', { name: `${label}: charger EVC-001` }));
    return screen.findByRole('form', { name: `${label}: charger EVC-001` });
  };
  const sendOf = (requests: RecordedRequest[], n = 0) => sends(requests)[n]!.body as Record<string, unknown>;

  it("Remote stop offers the charger's running sessions (their transaction ids) and sends the one picked", async () => {
    const requests = api({ commands: [], running: true });
    const form = await openForm('Remote stop');
    const picker = await within(form).findByLabelText('Running session');
    const list = requests.find((r) => r.url.startsWith(SESSIONS + '?'))!;
    const query = new URL(list.url, 'http://x').searchParams;
    expect([query.get('chargerId'), query.get('status')]).toEqual(['EVC-001', 'charging']);
    expect(within(picker).getByRole('option', { name: 'Connector 2 · Omar Fathy · transaction 4711' })).toBeTruthy();

    // nothing picked or typed: the schema refuses it
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(form).getByLabelText('Transaction id').getAttribute('aria-invalid')).toBe('true'));
    expect(sends(requests)).toHaveLength(0);

    fireEvent.change(picker, { target: { value: '4711' } });
    expect((within(form).getByLabelText('Transaction id') as HTMLInputElement).value).toBe('4711');
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(1));
    const body = sendOf(requests);
    expect(Object.keys(body).sort()).toEqual(['action', 'chargerId', 'commandId', 'transactionId']);
    expect(body).toMatchObject({ action: 'RemoteStopTransaction', transactionId: '4711', chargerId: 'EVC-001' });
    expect(body.commandId).toMatch(UUID);
  });

  it('Remote stop takes a typed transaction id when no session is running', async () => {
    const requests = api({ commands: [] });
    const form = await openForm('Remote stop');
    fireEvent.change(within(form).getByLabelText('Transaction id'), { target: { value: ' 98 ' } });
    expect(within(form).queryByLabelText('Running session')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(1));
    expect(sendOf(requests)).toMatchObject({ action: 'RemoteStopTransaction', transactionId: '98' });
  });

  it('Remote start sends the connector and the id tag (upper case); a bad tag is refused', async () => {
    const requests = api({ commands: [] });
    const form = await openForm('Remote start');
    fireEvent.change(within(form).getByLabelText('Connector'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Id tag'), { target: { value: 'ab' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(form).getByLabelText('Id tag').getAttribute('aria-invalid')).toBe('true'));
    expect(sends(requests)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Id tag'), { target: { value: 'card-0042' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(1));
    const body = sendOf(requests);
    expect(Object.keys(body).sort()).toEqual(['action', 'chargerId', 'commandId', 'connectorId', 'idTag']);
    expect(body).toMatchObject({ action: 'RemoteStartTransaction', connectorId: 2, idTag: 'CARD-0042' });
  });

  it('Reserve now sends connector, id tag, a reservation id and the expiry as UTC; Cancel reservation sends the id', async () => {
    const requests = api({ commands: [] });
    let form = await openForm('Reserve now');
    fireEvent.change(within(form).getByLabelText('Id tag'), { target: { value: 'CARD-0042' } });
    fireEvent.change(within(form).getByLabelText('Reservation id'), { target: { value: '٧٧' } });
    fireEvent.change(within(form).getByLabelText('Reserved until'), { target: { value: '2026-03-01T12:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(1));
    const body = sendOf(requests);
    expect(Object.keys(body).sort()).toEqual(['action', 'chargerId', 'commandId', 'connectorId', 'expiryDate', 'idTag', 'reservationId']);
    expect(body).toMatchObject({
      action: 'ReserveNow',
      connectorId: 1,
      idTag: 'CARD-0042',
      reservationId: 77,
      expiryDate: '2026-03-01T10:30:00.000Z',
    }); // typed in Cairo time (UTC+2 in March)

    fireEvent.click(screen.getByRole('button', { name: 'Cancel reservation: charger EVC-001' }));
    form = await screen.findByRole('form', { name: 'Cancel reservation: charger EVC-001' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(form).getByLabelText('Reservation id').getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(within(form).getByLabelText('Reservation id'), { target: { value: '77' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends(requests)).toHaveLength(2));
    expect(sendOf(requests, 1)).toEqual({
      action: 'CancelReservation',
      reservationId: 77,
      chargerId: 'EVC-001',
      commandId: expect.stringMatching(UUID),
    });
  });

  it('names the new commands in Arabic', async () => {
    api({ commands: [] });
    const panel = await openStation('ar');
    for (const label of ['بدء الشحن عن بُعد', 'إيقاف الشحن عن بُعد', 'حجز الآن', 'إلغاء الحجز']) {
      expect(within(panel).getByRole('button', { name: `${label}: الشاحن EVC-001` })).toBeTruthy();
    }
  });
});

describe('commands panel', () => {
  it('lists every status in English with who asked and the response, polls every 2 s while one is pending, then stops', async () => {
    const state = { commands: ALL };
    const requests = api(state);
    const panel = await openStation();
    expect(commandCalls(requests)).toHaveLength(0);
    fireEvent.click(within(panel).getByRole('button', { name: 'Commands of charger EVC-001' }));
    const list = await screen.findByRole('region', { name: 'Commands of charger EVC-001' });
    await within(list).findByText('Pending');

    const first = commandCalls(requests)[0]!;
    expect(first.method).toBe('GET');
    const query = new URL(first.url, 'http://x').searchParams;
    expect([query.get('chargerId'), query.get('page'), query.get('pageSize')]).toEqual(['EVC-001', '1', '25']);
    expect(new Headers(first.headers).get('Authorization')).toBe('Bearer staff-token-1');

    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('[data-status]')!.textContent)).toEqual([
      'Pending',
      'Accepted',
      'Rejected',
      'Not supported',
      'Charger offline',
      'Timed out',
      'Error',
    ]);
    expect(rows.map((r) => r.querySelector('[data-status]')!.getAttribute('data-status'))).toEqual([
      'pending',
      'accepted',
      'rejected',
      'not_supported',
      'offline',
      'timeout',
      'error',
    ]);
    expect(within(rows[0]!).getByText('Reset')).toBeTruthy();
    expect(within(rows[0]!).getByText('type: Soft')).toBeTruthy();
    expect(within(rows[0]!).getByText('Hala Said')).toBeTruthy();
    expect(within(rows[1]!).getByText('Get configuration')).toBeTruthy();
    const pre = rows[1]!.querySelector('pre')!;
    expect(pre.getAttribute('dir')).toBe('ltr');
    expect(pre.textContent).toBe(JSON.stringify(ALL[1]!.response, null, 2));
    expect(within(rows[2]!).getByText('connectorId: 2')).toBeTruthy();
    expect(within(rows[6]!).getByText('InternalError: boom').getAttribute('dir')).toBe('ltr');

    // one pending: asks again every 2 s
    const polled = commandCalls(requests).length;
    await advance(2_000);
    await waitFor(() => expect(commandCalls(requests).length).toBe(polled + 1));
    await advance(2_000);
    await waitFor(() => expect(commandCalls(requests).length).toBe(polled + 2));

    // the charger answered: the next answer has none pending, and polling stops
    state.commands = ALL.map((c) => (c.status === 'pending' ? { ...c, status: 'accepted' as const, response: { status: 'Accepted' } } : c));
    await advance(2_000);
    await waitFor(() => expect(within(list).queryByText('Pending')).toBeNull());
    const settled = commandCalls(requests).length;
    await advance(10_000);
    expect(commandCalls(requests).length).toBe(settled);
  });

  it('stops polling when closed, even with a command pending', async () => {
    const requests = api({ commands: [command(1, 'pending')] });
    const panel = await openStation();
    fireEvent.click(within(panel).getByRole('button', { name: 'Commands of charger EVC-001' }));
    const list = await screen.findByRole('region', { name: 'Commands of charger EVC-001' });
    await within(list).findByText('Pending');
    await advance(2_000);
    await waitFor(() => expect(commandCalls(requests).length).toBe(2));
    fireEvent.click(within(list).getByRole('button', { name: 'Close the commands' }));
    expect(screen.queryByRole('region', { name: 'Commands of charger EVC-001' })).toBeNull();
    const closed = commandCalls(requests).length;
    await advance(10_000);
    expect(commandCalls(requests).length).toBe(closed);
  });

  it('names every status in Arabic and keeps the response left to right', async () => {
    api({ commands: ALL });
    const panel = await openStation('ar');
    expect(within(panel).getByRole('button', { name: 'إعادة التشغيل: الشاحن EVC-001' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'أوامر الشاحن EVC-001' }));
    const list = await screen.findByRole('region', { name: 'أوامر الشاحن EVC-001' });
    await within(list).findByText('قيد الانتظار');
    expect(document.documentElement.dir).toBe('rtl');
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('[data-status]')!.textContent)).toEqual([
      'قيد الانتظار',
      'مقبول',
      'مرفوض',
      'غير مدعوم',
      'الشاحن غير متصل',
      'انتهت المهلة',
      'خطأ',
    ]);
    expect(within(rows[1]!).getByText('قراءة الإعدادات')).toBeTruthy();
    expect(rows[1]!.querySelector('pre')!.getAttribute('dir')).toBe('ltr');
    expect(within(list).getByRole('columnheader', { name: 'رد الشاحن' })).toBeTruthy();
  });
});
