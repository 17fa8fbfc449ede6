import { describe, expect, it } from 'vitest';
import { keysForChange, parseSseFrames } from './live-me';

describe('live-me SSE parsing', () => {
  it('splits complete frames, keeps the unfinished rest, skips comments, handles CRLF', () => {
    const { frames, rest } = parseSseFrames(
      ': hello\r\n\r\nevent: change\r\ndata: {"collection":"wallets","position":1}\r\n\r\nevent: change\ndata: {"coll',
    );
    expect(frames).toEqual([{ event: 'change', data: '{"collection":"wallets","position":1}' }]);
    expect(rest).toBe('event: change\ndata: {"coll');
  });

  it('maps the customer read models to their query keys', () => {
    expect(keysForChange({ collection: 'wallets', position: 1 } as never)).toEqual([['wallet_transactions']]);
    expect(keysForChange({ collection: 'payments', position: 1 } as never)).toEqual([['payments'], ['wallet_transactions']]);
    expect(keysForChange({ collection: 'notifications', position: 1 } as never)).toEqual([['notifications']]);
    expect(keysForChange({ collection: 'stations', position: 1 } as never)).toEqual([]);
  });
});
