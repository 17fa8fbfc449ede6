import { describe, expect, it } from 'vitest';
import { createRingFrameLog } from '@evc/platform/frame-log/index';
import { frameLogContract, frames } from './frame-log.contract';

frameLogContract('embedded (off the heap)', { create: async (limits) => createRingFrameLog(limits) });

describe('the embedded message log', () => {
  it("keeps a charger's newest frames exactly however often its buffers are compacted and grown", async () => {
    const frame = frames();
    const log = createRingFrameLog({ perCharger: 1000, total: null, minPerCharger: 10 });
    // 5,000 frames of growing size: the ring is trimmed, compacted and resized many times over.
    const sent = Array.from({ length: 5000 }, (_, i) => frame('R', i, { payload: { n: i, pad: 'x'.repeat(i % 700) } }));
    for (const f of sent) await log.append(f);
    const { frames: newest, total } = await log.page('R', { skip: 0, limit: 2000 });
    expect(total).toBeGreaterThanOrEqual(1000);
    expect(total).toBeLessThanOrEqual(1050);
    expect(newest).toEqual(sent.slice(-total).reverse());
  });

  it('gives back the memory of a large frame once it is trimmed', async () => {
    const frame = frames();
    const log = createRingFrameLog({ perCharger: 20, total: null, minPerCharger: 10 });
    for (let i = 0; i < 40; i++) await log.append(frame('L', i));
    const small = log.bytes();
    await log.append(frame('L', 40, { payload: { data: 'y'.repeat(200_000) } }));
    expect(log.bytes()).toBeGreaterThan(200_000);
    for (let i = 41; i < 120; i++) await log.append(frame('L', i));
    // Once the large frame is gone, the next compaction shrinks the buffer back to what small frames need.
    expect(log.bytes()).toBeLessThan(Math.max(4 * small, 16_384));
    expect((await log.page('L', { skip: 0, limit: 1 })).frames[0]!.at).toBe(frame('L', 119).at);
  });
});
