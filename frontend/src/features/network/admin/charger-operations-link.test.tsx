import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Privilege } from '@evc/contracts/shared';
import { makeSession, renderApp, storeSession, stubApi, type RecordedRequest } from '../../../testing/render-app';
import { makeCharger, makeStation, setupLiveTests } from '../../../testing/network-fixtures';

setupLiveTests();

function asStaff(respond: (req: RecordedRequest) => { status?: number; body: unknown } | undefined, privileges?: Privilege[]) {
  storeSession(makeSession('staff', privileges ? { privileges } : {}));
  return stubApi(respond);
}

describe("the stations admin's way to a charger's operations view", () => {
  for (const [who, privileges, shown] of [
    ['staff with events.read', undefined, true],
    ['staff without events.read', ['stations.write'] as Privilege[], false],
  ] as const) {
    it(`${shown ? 'links' : 'does not link'} each charger to its operations view for ${who}`, async () => {
      asStaff(
        (req) =>
          req.url.startsWith('/api/queries/admin/stations')
            ? { body: { dataList: [makeStation([makeCharger()])], totalCount: 1 } }
            : undefined,
        privileges ? [...privileges] : undefined,
      );
      await renderApp('/admin/chargerManagement');
      fireEvent.click(await screen.findByText('Zamalek'));
      const panel = await screen.findByRole('region', { name: 'Chargers of Zamalek' });
      const link = within(panel).queryByRole('link', { name: 'Operations of charger EVC-001' });
      if (shown) expect(link?.getAttribute('href')).toBe('/admin/chargers/EVC-001/operations');
      else expect(link).toBeNull();
    });
  }
});
