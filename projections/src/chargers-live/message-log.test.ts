import { afterEach, describe, expect, it } from 'vitest';
import { BUS_TOPICS, OCPP_LOG_PAYLOAD_MAX, type OcppFrame } from '@evc/contracts';
import type { Consumer } from '@evc/platform';
import { createInProcessBus } from '@evc/platform/bus/in-process-bus';
import { createRingFrameLog } from '@evc/platform/frame-log/index';
import { startOcppMessageLog } from './ocpp-consumers';

const frame = (n: number, payload: unknown): OcppFrame => ({
  frameId: `conn-1-${String(n).padStart(9, '0')}`,
  chargerId: 'CP-1',
  connectionId: 'conn-1',
  direction: 'in',
  kind: 'call',
  messageId: `m-${n}`,
  action: 'DataTransfer',
  payload,
  error: null,
  at: new Date(Date.parse('2026-11-24T08:00:00.000Z') + n * 1000).toISOString(),
});

// What the log keeps, and how, is the FrameLog contract's (tests/contract/frame-log.*): here, the consumer's part.
describe('the message-log consumer', () => {
  let consumer: Consumer | null = null;
  afterEach(async () => {
    await consumer?.stop();
    consumer = null;
  });

  it('keeps every frame of ocpp.frames, a payload past the bound cut to its head, a redelivered one once', async () => {
    const bus = createInProcessBus();
    const frames = createRingFrameLog({ perCharger: 1000, total: null, minPerCharger: 10 });
    consumer = startOcppMessageLog(bus, frames);
    const huge = { data: 'z'.repeat(OCPP_LOG_PAYLOAD_MAX + 10) };
    const sent = [frame(1, { vendorId: 'eg' }), frame(2, huge), frame(3, null)];
    await bus.publish(
      BUS_TOPICS.ocppFrames,
      [...sent, sent[0]!].map((value) => ({ key: value.chargerId, value })),
    );
    await expect.poll(async () => (await frames.page('CP-1', { skip: 0, limit: 10 })).total).toBe(3);
    const kept = (await frames.page('CP-1', { skip: 0, limit: 10 })).frames.reverse();
    expect(kept[0]).toEqual(sent[0]);
    expect(kept[1]!.payload).toEqual({ truncated: true, length: JSON.stringify(huge).length, head: JSON.stringify(huge).slice(0, 2000) });
    expect(kept[2]).toEqual(sent[2]);
  });
});
