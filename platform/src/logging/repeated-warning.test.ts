import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from './logger';
import { RepeatedWarning, warnEach } from './repeated-warning';

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
    expect(lines[1]).toEqual({
      message: 'no answer: 3000 more in the last 10 s',
      fields: { byKind: { 'authorize: Invalid': 1000, 'transaction: Accepted': 2000 } },
    });
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

describe('warnEach', () => {
  it('logs each finding when few, and one counted line with the first ten when many', () => {
    const { log, lines } = recordingLogger();
    warnEach(log, 'charger silent', [{ chargerId: 'CP-1' }, { chargerId: 'CP-2' }]);
    expect(lines).toEqual([
      { message: 'charger silent', fields: { chargerId: 'CP-1' } },
      { message: 'charger silent', fields: { chargerId: 'CP-2' } },
    ]);
    lines.length = 0;
    const many = Array.from({ length: 4000 }, (_, i) => ({ chargerId: `CP-${i}` }));
    warnEach(log, 'charger silent', many);
    expect(lines).toEqual([{ message: 'charger silent: 4000 in one pass', fields: { first: many.slice(0, 10) } }]);
    lines.length = 0;
    warnEach(log, 'charger silent', []);
    expect(lines).toEqual([]);
  });
});
