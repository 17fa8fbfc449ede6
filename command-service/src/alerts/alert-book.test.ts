import { describe, expect, it } from 'vitest';
import { alertStreams } from '@evc/contracts';
import { systemClock } from '@evc/platform';
import type { Mail } from '@evc/platform/mail/mailer';
import { newContext } from '../shared/command-context';
import { tempEventStore } from '../shared/temp-event-store';
import type { IdentityDeps } from './deps';
import { AlertBook } from './alert-book';
import type { AlertAction } from './charger-watch';

const store = tempEventStore('evc-alerts-');
const fault: AlertAction = {
  open: 'faulted',
  cause: {
    connectorId: 1,
    errorCode: 'GroundFailure',
    info: null,
    vendorErrorCode: null,
    since: new Date().toISOString(),
    transactionId: null,
    lastMeterAt: null,
  },
};

function book() {
  const sent: Mail[] = [];
  const identity = {
    mailer: { send: async (m: Mail) => void sent.push(m) },
    settings: { publicUrl: 'http://127.0.0.1' },
  } as unknown as IdentityDeps;
  return new AlertBook(store(), systemClock, identity);
}

const typesOf = async (chargerId: string) => (await store().readStream(alertStreams.charger(chargerId, 'faulted'))).map((e) => e.type);

describe('alert book: one alert per charger and kind, even under a storm', () => {
  it('the same fault reported twenty times at once opens exactly one alert', async () => {
    const alerts = book();
    const context = newContext({ type: 'charger', id: 'CP-STORM' });
    await Promise.all(Array.from({ length: 20 }, () => alerts.act('CP-STORM', fault, context)));
    await expect.poll(() => typesOf('CP-STORM')).toContain('AlertMailed');
    const types = await typesOf('CP-STORM');
    expect(types.filter((t) => t === 'AlertOpened')).toHaveLength(1);
    expect(types.filter((t) => t === 'AlertMailed')).toHaveLength(1);
  });

  it('twenty recoveries at once resolve it once; the next fault opens a new alert', async () => {
    const alerts = book();
    const context = newContext({ type: 'charger', id: 'CP-BACK' });
    await alerts.act('CP-BACK', fault, context);
    await Promise.all(Array.from({ length: 20 }, () => alerts.act('CP-BACK', { recover: 'faulted', recovery: 'Available' }, context)));
    await alerts.act('CP-BACK', fault, context);
    // Each opening and the resolution is mailed (to nobody here), once.
    await expect.poll(async () => (await typesOf('CP-BACK')).filter((t) => t === 'AlertMailed').length).toBe(3);
    const types = await typesOf('CP-BACK');
    expect(types.filter((t) => t === 'AlertResolved')).toHaveLength(1);
    expect(types.filter((t) => t === 'AlertOpened')).toHaveLength(2);
  });

  it('twenty staff acknowledging at once record one acknowledgement', async () => {
    const alerts = book();
    await alerts.act('CP-ACK', fault, newContext({ type: 'charger', id: 'CP-ACK' }));
    const [opened] = await store().readStream(alertStreams.charger('CP-ACK', 'faulted'));
    const alertId = (opened!.data as { alertId: string }).alertId;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        alerts.decide(
          'CP-ACK',
          'faulted',
          { kind: 'acknowledge', alertId, reason: `on it ${i}`, at: alerts.now() },
          newContext({ type: 'staff', id: `s-${i}` }),
        ),
      ),
    );
    const types = (await store().readStream(alertStreams.charger('CP-ACK', 'faulted'))).map((e) => e.type);
    expect(types.filter((t) => t === 'AlertAcknowledged')).toHaveLength(1);
    await expect.poll(() => typesOf('CP-ACK')).toContain('AlertMailed');
  });
});
