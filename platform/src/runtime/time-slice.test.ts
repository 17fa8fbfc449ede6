import { describe, expect, it } from 'vitest';
import { SLICE_MS, breather } from './time-slice';

const busy = (ms: number) => {
  for (const end = performance.now() + ms; performance.now() < end; );
};

describe('breather (cooperative time slices)', () => {
  it('lets work go on within a slice, then hands the event loop one turn shared by every caller', async () => {
    await new Promise((r) => setImmediate(r));
    await (breather() ?? Promise.resolve()); // start a fresh slice
    expect(breather()).toBeNull();
    busy(SLICE_MS + 1);
    const first = breather();
    const second = breather();
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    busy(2); // the timer is due before the turn comes
    await first;
    expect(timerRan).toBe(true);
    expect(breather()).toBeNull(); // a new slice began with the turn
  });
});
