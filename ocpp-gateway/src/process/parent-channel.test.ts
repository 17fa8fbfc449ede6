import { BUS_TOPICS } from '@evc/contracts';
import { describe, expect, it } from 'vitest';
import { ParentChannel } from './parent-channel';
import type { FromGateway } from './protocol';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const frame = (n: number) => ({ key: 'CP-1', value: { n } });

describe('ParentChannel.forward', () => {
  it('posts a turn of frames, results and questions as one message, not answered, and resolves once sent', async () => {
    const sent: FromGateway[] = [];
    const channel = new ParentChannel((m) => sent.push(m));
    const forwarded = Promise.all([
      channel.forward(BUS_TOPICS.ocppFrames, frame(1)),
      channel.forward(BUS_TOPICS.ocppFrames, frame(2)),
      channel.forward(BUS_TOPICS.ocppAuthorize, frame(3)),
    ]);
    await nextTurn();
    await forwarded;
    expect(sent).toEqual([
      {
        t: 'post',
        batch: [
          { topic: BUS_TOPICS.ocppFrames, messages: [frame(1), frame(2)] },
          { topic: BUS_TOPICS.ocppAuthorize, messages: [frame(3)] },
        ],
      },
    ]);
    expect(channel.pending).toBe(0);
  });

  it('asks for an answer when the turn holds what a charger said, and resolves only once the launcher answered', async () => {
    const sent: FromGateway[] = [];
    const channel = new ParentChannel((m) => sent.push(m));
    let settled = false;
    const forwarded = Promise.all([
      channel.forward(BUS_TOPICS.ocppFrames, frame(1)),
      channel.forward(BUS_TOPICS.ocppInbound, frame(2)),
    ]).then(() => (settled = true));
    await nextTurn();
    expect(sent).toHaveLength(1);
    const request = sent[0] as Extract<FromGateway, { t: 'publish' }>;
    expect(request.t).toBe('publish');
    expect(channel.pending).toBe(1);
    await nextTurn();
    expect(settled).toBe(false);
    channel.receive({ t: 'reply', id: request.id });
    await forwarded;
    expect(channel.pending).toBe(0);
  });

  it('refuses at once once the launcher is gone', async () => {
    const channel = new ParentChannel(() => undefined);
    channel.failAll('the launcher is gone');
    await expect(channel.forward(BUS_TOPICS.ocppFrames, frame(1))).rejects.toThrow('the launcher is gone');
  });
});
