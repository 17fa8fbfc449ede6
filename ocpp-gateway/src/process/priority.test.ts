import { describe, expect, it } from 'vitest';
import { raisePriority, type Scheduler } from './priority';

/** A scheduler that records what it was asked, this process at `own`, refusing with `refuse` when given. */
function fakeScheduler(own: number, refuse?: string): Scheduler & { set: [number, number][] } {
  const set: [number, number][] = [];
  return {
    set,
    getPriority: () => own,
    setPriority: (pid, priority) => {
      if (refuse) throw Object.assign(new Error(`setPriority: ${refuse}`), { code: refuse });
      set.push([pid, priority]);
    },
  };
}

describe('raisePriority (the gateway process ahead of the launcher)', () => {
  it('puts the process the given steps ahead of this one', () => {
    const scheduler = fakeScheduler(0);
    expect(raisePriority(4242, 5, scheduler)).toEqual({ nice: -5 });
    expect(scheduler.set).toEqual([[4242, -5]]);
  });

  it('counts from this process’s own priority, and stops at the highest (-20)', () => {
    const lowered = fakeScheduler(10);
    expect(raisePriority(7, 5, lowered)).toEqual({ nice: 5 });
    const high = fakeScheduler(-18);
    expect(raisePriority(7, 5, high)).toEqual({ nice: -20 });
    expect(high.set).toEqual([[7, -20]]);
  });

  it('leaves the process alone at 0 steps', () => {
    const scheduler = fakeScheduler(0);
    expect(raisePriority(7, 0, scheduler)).toEqual({ unchanged: true });
    expect(scheduler.set).toEqual([]);
  });

  it('reports a refusal (no privilege) instead of throwing', () => {
    expect(raisePriority(7, 5, fakeScheduler(0, 'EACCES'))).toEqual({ refused: 'EACCES' });
    expect(raisePriority(7, 5, fakeScheduler(0, 'EPERM'))).toEqual({ refused: 'EPERM' });
  });
});
