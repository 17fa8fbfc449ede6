import { beforeEach, describe, expect, it } from 'vitest';
import { networkStreams } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { newContext } from '../shared/command-context';
import { decideAndAppend } from '../shared/decide-and-append';
import { chargerCommandDecider } from './charger-command.decider';
import { chargerCommandStates } from './charger-command-states';
import { tempEventStore } from '../shared/temp-event-store';

const context = newContext({ type: 'system', id: 'test' });
const at = '2026-11-29T12:00:00.000Z';

describe('chargerCommandStates', () => {
  let store: EventStore;
  const temp = tempEventStore('evc-commands-');
  beforeEach(() => void (store = temp()));

  it('keeps a command folded while it waits for its outcome and drops it once answered (its request may be a whole local list)', async () => {
    const states = chargerCommandStates(store);
    const streamId = networkStreams.chargerCommand('cmd-1');
    const entries = Array.from({ length: 500 }, (_, i) => ({ idTag: `CARD-${i}`, status: 'Accepted' as const }));
    const request = { action: 'SendLocalList' as const, listVersion: 2, updateType: 'Full' as const, entries };
    const decide = (command: Parameters<typeof chargerCommandDecider.decide>[0]) =>
      decideAndAppend(store, streamId, chargerCommandDecider, command, context, { states });
    await decide({ kind: 'request', commandId: 'cmd-1', chargerId: 'CP-1', request, at });
    await decide({ kind: 'sent', commandId: 'cmd-1', chargerId: 'CP-1', ocppAction: 'SendLocalList', protocol: 'ocpp1.6', at });
    expect(states.peek(streamId)).toMatchObject({ sent: true, outcome: null });
    await decide({
      kind: 'answer',
      commandId: 'cmd-1',
      chargerId: 'CP-1',
      status: 'accepted',
      response: { status: 'Accepted' },
      error: null,
      at,
    });
    expect(states.peek(streamId)).toBeUndefined();
    // Read again when asked, and still not kept.
    expect((await states.load(streamId)).state).toMatchObject({ outcome: 'accepted' });
    expect(states.peek(streamId)).toBeUndefined();
  });
});
