import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, resetBrowserState } from '../../../testing/render-app';
import { apiError, asCustomer, calls, commandOk, makeCar, makePublicStation, makeSessionView } from '../../../testing/charging-fixtures';
import { makeBooking } from '../../../testing/booking-fixtures';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const START = '/api/commands/sessions.start';
const LOOKUP = '/api/queries/chargers/lookup';

function customer(start: () => { status?: number; body: unknown } = () => commandOk, cars = [makeCar()]) {
  return asCustomer((req) => {
    if (req.url.startsWith(LOOKUP)) return { body: makePublicStation() };
    if (req.url.startsWith('/api/queries/me/cars')) return { body: { dataList: cars, totalCount: cars.length } };
    if (req.url.startsWith('/api/queries/stations/cai-zamalek')) return { body: makePublicStation() };
    if (req.url === START) return start();
    if (req.url.startsWith('/api/queries/me/sessions/')) return { body: makeSessionView({ status: 'requested' }) };
    return undefined;
  });
}

async function findCharger() {
  await renderApp('/start-charging');
  fireEvent.change(await screen.findByLabelText('Charger serial number'), { target: { value: 'SN-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Find charger' }));
  await screen.findByRole('group', { name: 'Connector at Zamalek' });
}

describe('start a session', () => {
  it('by serial: only available connectors, car and target required, then the session page', async () => {
    const requests = customer();
    await findCharger();
    expect(calls(requests, LOOKUP)[0]?.url).toBe(`${LOOKUP}?serialNumber=SN-1`);
    const c1 = screen.getByLabelText(/^C1 · Type2 · AC · 22 kW · available/) as HTMLInputElement;
    expect(c1.disabled).toBe(false);
    expect((screen.getByLabelText(/^C2 · Type2/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^C3 · CCS2/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('start-prices').textContent).toMatch(/Minimum charge EGP\s?10\.00 · AC price EGP\s?2\.50 per kWh/);

    fireEvent.click(screen.getByRole('button', { name: 'Start charging' }));
    expect(await screen.findByText('Choose an available connector')).toBeTruthy();
    expect(screen.getAllByText('choose a car').length).toBeGreaterThan(1);
    fireEvent.click(c1);
    fireEvent.change(screen.getByLabelText('Car'), { target: { value: 'car-1' } });
    fireEvent.click(screen.getByLabelText('Time'));
    fireEvent.change(screen.getByLabelText('Time (HH:MM or minutes)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start charging' }));
    expect(await screen.findByText(/Enter a time from 5 minutes to 24 hours/)).toBeTruthy();
    expect(calls(requests, START)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Time (HH:MM or minutes)'), { target: { value: '١:٣٠' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start charging' }));
    await waitFor(() => expect(calls(requests, START)).toHaveLength(1));
    const body = calls(requests, START)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ serialNumber: 'SN-1', connectorId: 1, carId: 'car-1', target: { kind: 'duration', minutes: 90 } });
    expect(body.chargerId).toBeUndefined();
    expect(await screen.findByRole('heading', { name: 'Charging session' })).toBeTruthy();
  });

  it('insufficient balance: the customer message with Pay now (the top-up dialog) and Add card', async () => {
    customer(() => apiError(402, 'charging.insufficient_balance'));
    await findCharger();
    fireEvent.click(screen.getByLabelText(/^C1 ·/));
    fireEvent.change(screen.getByLabelText('Car'), { target: { value: 'car-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start charging' }));
    const alert = await screen.findByText('You have insufficient balance, please recharge to use the chargers');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Add card' }).getAttribute('href')).toBe('/card-request');
    fireEvent.click(within(box).getByRole('button', { name: 'Pay now' }));
    expect(screen.getByRole('dialog', { name: 'Top up your wallet' })).toBeTruthy();
  });

  it.each([
    ['charging.connector_busy', 'Someone is already charging on this connector.'],
    ['charging.charger_offline', 'This charger is offline right now. Try another charger.'],
    ['charging.connector_unavailable', 'This connector is not available right now.'],
    ['identity.account_banned', 'This account has been banned. Contact us for help.'],
  ])('translates %s', async (code, text) => {
    customer(() => apiError(409, code));
    await findCharger();
    fireEvent.click(screen.getByLabelText(/^C1 ·/));
    fireEvent.change(screen.getByLabelText('Car'), { target: { value: 'car-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start charging' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('without a car: a link to register one', async () => {
    customer(undefined, []);
    await findCharger();
    expect(screen.getByRole('link', { name: 'Register a car' }).getAttribute('href')).toBe('/registerCarInfo');
  });

  it('by station (?station=): sends the charger id of the chosen connector', async () => {
    const requests = customer();
    await renderApp('/start-charging?station=cai-zamalek');
    fireEvent.click(await screen.findByLabelText(/^C1 ·/));
    fireEvent.change(screen.getByLabelText('Car'), { target: { value: 'car-1' } });
    fireEvent.click(screen.getByLabelText('Energy (kWh)'));
    fireEvent.change(screen.getByLabelText('Energy in kWh'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start charging' }));
    await waitFor(() => expect(calls(requests, START)).toHaveLength(1));
    expect(calls(requests, START)[0]?.body).toMatchObject({ chargerId: 'EVC-001', connectorId: 1, target: { kind: 'energy', wh: 12_500 } });
  });

  describe('on the connector the customer booked', () => {
    // C1 is held for the customer's running booking, C2 for someone else's: both report `reserved`
    const reserved = makePublicStation({
      chargers: [
        {
          ...makePublicStation().chargers[0]!,
          connectors: makePublicStation().chargers[0]!.connectors.map((c) =>
            c.connectorId === 3 ? c : { ...c, status: 'reserved' as const },
          ),
        },
      ],
    });
    function booker() {
      return asCustomer((req) => {
        if (req.url.startsWith(LOOKUP)) return { body: reserved };
        if (req.url.startsWith('/api/queries/me/cars')) return { body: { dataList: [makeCar()], totalCount: 1 } };
        if (req.url.startsWith('/api/queries/stations/cai-zamalek')) return { body: reserved };
        if (req.url.startsWith('/api/queries/me/bookings?status=open'))
          return { body: { dataList: [makeBooking({ status: 'active', reservationStatus: 'accepted', held: true })], totalCount: 1 } };
        if (req.url === START) return commandOk;
        if (req.url.startsWith('/api/queries/me/sessions/')) return { body: makeSessionView({ status: 'requested' }) };
        return undefined;
      });
    }

    it('by serial: the booked connector can be chosen, another reserved one cannot', async () => {
      const requests = booker();
      await findCharger();
      const mine = (await screen.findByLabelText(/^C1 · Type2 · AC · 22 kW · booked for you/)) as HTMLInputElement;
      await waitFor(() => expect(mine.disabled).toBe(false));
      expect((screen.getByLabelText(/^C2 · Type2 · AC · 22 kW · reserved/) as HTMLInputElement).disabled).toBe(true);
      fireEvent.click(mine);
      fireEvent.change(screen.getByLabelText('Car'), { target: { value: 'car-1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Start charging' }));
      await waitFor(() => expect(calls(requests, START)).toHaveLength(1));
      expect(calls(requests, START)[0]?.body).toMatchObject({ serialNumber: 'SN-1', connectorId: 1 });
    });

    it("the booking's link opens the start with its charger and connector chosen", async () => {
      const requests = booker();
      await renderApp('/start-charging?station=cai-zamalek&charger=EVC-001&connector=1');
      const mine = (await screen.findByLabelText(/^C1 · .* · booked for you/)) as HTMLInputElement;
      await waitFor(() => expect(mine.disabled).toBe(false));
      expect(mine.checked).toBe(true);
      fireEvent.change(screen.getByLabelText('Car'), { target: { value: 'car-1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Start charging' }));
      await waitFor(() => expect(calls(requests, START)).toHaveLength(1));
      expect(calls(requests, START)[0]?.body).toMatchObject({ chargerId: 'EVC-001', connectorId: 1 });
    });
  });
});
