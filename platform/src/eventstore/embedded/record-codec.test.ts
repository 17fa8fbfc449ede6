import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../ports/event-store';
import { HEADER_BYTES, decodeIndexFields, encodeRecord } from './record-codec';
import { isoMs } from './search-indexes';

const record = (over: Partial<RecordedEvent> = {}): RecordedEvent => ({
  position: 1234,
  streamId: 'session-9f1c',
  revision: 17,
  eventId: 'e-1',
  type: 'MeterReadingRecorded',
  recordedAt: '2026-03-01T10:00:00.123Z',
  metadata: {
    correlationId: 'corr-1',
    causationId: 'c/1',
    actor: { type: 'charger', id: 'CP-1' },
    occurredAt: '2026-03-01T10:00:00.000Z',
    schemaVersion: 1,
  },
  data: { energyWh: 1200, note: 'a "quoted" \\ value', correlationId: 'not-this-one' },
  ...over,
});
const decode = (e: RecordedEvent) => decodeIndexFields(encodeRecord(e).subarray(HEADER_BYTES), 0);

describe('index fields read at replay', () => {
  it('reads position, stream, revision, id, type, time and the correlation id without parsing the record', () => {
    expect(decode(record())).toEqual({
      position: 1234,
      streamId: 'session-9f1c',
      revision: 17,
      eventId: 'e-1',
      type: 'MeterReadingRecorded',
      recordedAt: '2026-03-01T10:00:00.123Z',
      correlationId: 'corr-1',
    });
  });

  it('reads values with escapes through the full parse, and never takes a correlation id from the payload', () => {
    expect(decode(record({ streamId: 'odd-"stream"\\1' })).streamId).toBe('odd-"stream"\\1');
    expect(decode(record({ metadata: { ...record().metadata, correlationId: 'quote"d' } })).correlationId).toBe('quote"d');
    const noCorrelation = record({
      metadata: { causationId: 'c', actor: { type: 'system', id: 's' }, occurredAt: 'x', schemaVersion: 1 } as never,
    });
    expect(decode(noCorrelation).correlationId).toBeUndefined();
    expect(decode(record({ streamId: 'ملف-١' })).streamId).toBe('ملف-١');
    // A correlation id past the first kilobyte (a long reason written before it) is still found, by the full parse.
    const long = record({
      metadata: {
        reason: 'x'.repeat(2000),
        correlationId: 'far-away',
        causationId: 'c',
        actor: { type: 'staff', id: 'a' },
        occurredAt: 'x',
        schemaVersion: 1,
      },
    });
    expect(decode(long).correlationId).toBe('far-away');
    expect(decode(record({ streamId: `s-${'y'.repeat(1500)}` })).streamId).toHaveLength(1502);
  });

  it("turns the store's ISO times into milliseconds like Date.parse", () => {
    for (const iso of ['2026-03-01T10:00:00.123Z', '1999-12-31T23:59:59.999Z', '2026-03-01T10:00:00Z', '2026-03-01T12:00:00.000+02:00'])
      expect(isoMs(iso)).toBe(Date.parse(iso));
  });
});
