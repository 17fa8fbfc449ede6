import { describe, it } from 'vitest';
import { DeciderSpecification } from '../shared/decider-specification';
import { chargerCommandDecider as decider, type ChargerCommandCommand } from './charger-command.decider';

const at = '2026-01-01T00:00:00.000Z';
const ids = { commandId: 'c-1', chargerId: 'CP-1' };
const request: ChargerCommandCommand = { kind: 'request', ...ids, request: { action: 'Reset', type: 'Soft' }, at };
const sent: ChargerCommandCommand = { kind: 'sent', ...ids, ocppAction: 'Reset', protocol: 'ocpp1.6', at };
const answer = (status: 'accepted' | 'offline' | 'timeout' | 'rejected'): ChargerCommandCommand => ({
  kind: 'answer',
  ...ids,
  status,
  response: { status: 'Accepted' },
  error: null,
  at,
});
const commands = DeciderSpecification.for(decider).given([]);

describe('charger command decider', () => {
  it('requested → sent → answered, each once', () => {
    commands
      .when(request, request, sent, sent, answer('accepted'), answer('rejected'))
      .thenTypes(['ChargerCommandRequested', 'ChargerCommandSent', 'ChargerCommandAnswered']);
    commands
      .when(request, sent, answer('accepted'))
      .thenMatches([
        { type: 'ChargerCommandRequested' },
        { type: 'ChargerCommandSent' },
        { type: 'ChargerCommandAnswered', data: { status: 'accepted', response: { status: 'Accepted' } } },
      ]);
  });

  it('the same command id with a different request or charger is a conflict', () => {
    const requested = DeciderSpecification.for(decider).given(commands.when(request).thenTypes(['ChargerCommandRequested']));
    requested.when({ ...request, request: { action: 'Reset', type: 'Hard' } }).thenThrows('request.duplicate_id');
    requested.when({ ...request, chargerId: 'CP-2' }).thenThrows('request.duplicate_id');
  });

  it('offline only when no node sent it; timeout after sending; nothing for an unknown command', () => {
    commands
      .when(request, answer('offline'))
      .thenMatches([{ type: 'ChargerCommandRequested' }, { type: 'ChargerCommandAnswered', data: { status: 'offline' } }]);
    commands.when(request, sent, answer('offline')).thenTypes(['ChargerCommandRequested', 'ChargerCommandSent']);
    commands
      .when(request, sent, answer('timeout'))
      .thenMatches([
        { type: 'ChargerCommandRequested' },
        { type: 'ChargerCommandSent' },
        { type: 'ChargerCommandAnswered', data: { status: 'timeout' } },
      ]);
    commands.when(request, answer('offline'), sent).thenTypes(['ChargerCommandRequested', 'ChargerCommandAnswered']);
    commands.when(sent, answer('accepted')).thenNothingHappened();
  });

  it('an answer that says when the call was sent records it sent and answered, once, unless it was reported sent', () => {
    const sentAt = '2025-12-31T23:59:59.500Z';
    const prompt: ChargerCommandCommand = {
      ...answer('accepted'),
      sent: { ocppAction: 'Reset', protocol: 'ocpp1.6', at: sentAt },
    } as ChargerCommandCommand;
    commands
      .when(request, prompt, prompt)
      .thenMatches([
        { type: 'ChargerCommandRequested' },
        { type: 'ChargerCommandSent', data: { ocppAction: 'Reset', protocol: 'ocpp1.6', at: sentAt } },
        { type: 'ChargerCommandAnswered', data: { status: 'accepted', at } },
      ]);
    commands.when(request, sent, prompt).thenTypes(['ChargerCommandRequested', 'ChargerCommandSent', 'ChargerCommandAnswered']);
    commands.when(prompt).thenNothingHappened();
  });
});
