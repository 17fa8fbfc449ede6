import { describe, expect, it } from 'vitest';
import type { ChargerCommandEvent } from '@evc/contracts';
import { fold } from '../shared/decider';
import { chargerCommandDecider as decider, type ChargerCommandCommand } from './charger-command.decider';

const at = '2026-01-01T00:00:00.000Z';
const ids = { commandId: 'c-1', chargerId: 'CP-1' };
const request: ChargerCommandCommand = { kind: 'request', ...ids, request: { action: 'Reset', type: 'Soft' }, at };
const sent: ChargerCommandCommand = { kind: 'sent', ...ids, ocppAction: 'Reset', protocol: 'ocpp1.6', at };
const answer = (status: 'accepted' | 'offline' | 'timeout' | 'rejected'): ChargerCommandCommand => ({ kind: 'answer', ...ids, status, response: { status: 'Accepted' }, error: null, at });
const run = (commands: ChargerCommandCommand[]) => {
  const events: ChargerCommandEvent[] = [];
  for (const c of commands) events.push(...decider.decide(c, fold(decider, events)));
  return events;
};

describe('charger command decider', () => {
  it('requested → sent → answered, each once', () => {
    expect(run([request, request, sent, sent, answer('accepted'), answer('rejected')]).map((e) => e.type)).toEqual([
      'ChargerCommandRequested',
      'ChargerCommandSent',
      'ChargerCommandAnswered',
    ]);
    expect(run([request, sent, answer('accepted')]).at(-1)).toMatchObject({ data: { status: 'accepted', response: { status: 'Accepted' } } });
  });

  it('the same command id with a different request or charger is a conflict', () => {
    const state = fold(decider, run([request]));
    expect(() => decider.decide({ ...request, request: { action: 'Reset', type: 'Hard' } }, state)).toThrow(expect.objectContaining({ code: 'concurrency.conflict' }));
    expect(() => decider.decide({ ...request, chargerId: 'CP-2' }, state)).toThrow(expect.objectContaining({ code: 'concurrency.conflict' }));
  });

  it('offline only when no node sent it; timeout after sending; nothing for an unknown command', () => {
    expect(run([request, answer('offline')]).at(-1)).toMatchObject({ data: { status: 'offline' } });
    expect(run([request, sent, answer('offline')]).map((e) => e.type)).toEqual(['ChargerCommandRequested', 'ChargerCommandSent']);
    expect(run([request, sent, answer('timeout')]).at(-1)).toMatchObject({ data: { status: 'timeout' } });
    expect(run([request, answer('offline'), sent]).map((e) => e.type)).toEqual(['ChargerCommandRequested', 'ChargerCommandAnswered']);
    expect(run([sent, answer('accepted')])).toEqual([]);
  });
});
