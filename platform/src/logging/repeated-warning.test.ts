import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from './logger';
import { RepeatedWarning } from './repeated-warning';

function recordingLogger() {
  const lines: { message: string; fields?: Record<string, unknown> }[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (message, fields) => void lines.push({ message, fields }),
    error: () => undefined,
    child: () => log,
  };
  return { log, lines };
}

describe('RepeatedWarning', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('logs the first at once and the rest of its window as one counted line', () => {
    const { log, lines } = recordingLogger();
    const warning = new RepeatedWarning(log, 'no answer', 10_000);
    warning.note('transaction: Accepted', { chargerId: 'CP-1' });
    expect(lines).toEqual([{ message: 'no answer', fields: { chargerId: 'CP-1', kind: 'transaction: Accepted' } }]);
    for (let i = 0; i < 3000; i++) warning.note(i % 3 === 0 ? 'authorize: Invalid' : 'transaction: Accepted', { chargerId: `CP-${i}` });
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({ message: 'no answer: 3000 more in the last 10 s', fields: { byKind: { 'authorize: Invalid': 1000, 'transaction: Accepted': 2000 } } });
  });

  it('writes nothing more for a lone occurrence, and logs the next one at once', () => {
    const { log, lines } = recordingLogger();
    const warning = new RepeatedWarning(log, 'no answer', 10_000);
    warning.note('a', {});
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(1);
    warning.note('b', { chargerId: 'CP-2' });
    expect(lines.map((l) => l.message)).toEqual(['no answer', 'no answer']);
  });

  it('flush writes what is counted before the window ends (on stop), and only once', () => {
    const { log, lines } = recordingLogger();
    const warning = new RepeatedWarning(log, 'no answer', 10_000);
    warning.note('a', {});
    warning.note('a', {});
    warning.flush();
    warning.flush();
    vi.advanceTimersByTime(10_000);
    expect(lines.map((l) => l.message)).toEqual(['no answer', 'no answer: 1 more in the last 10 s']);
  });
});
