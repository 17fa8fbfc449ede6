import { describe, it } from 'vitest';
import { DeciderSpecification } from '../shared/decider-specification';
import { customerSessionDecider, type CustomerSessionCommand, type ReplacedClaim } from './customer-session.decider';

const at = '2026-01-01T10:00:00.000Z';
const claim = (sessionId: string, replacing?: ReplacedClaim): CustomerSessionCommand => ({
  kind: 'claim',
  customerId: 'c-1',
  sessionId,
  at,
  ...(replacing ? { replacing } : {}),
});
const confirm = (sessionId: string): CustomerSessionCommand => ({ kind: 'confirm', customerId: 'c-1', sessionId, at });
const release = (sessionId: string): CustomerSessionCommand => ({ kind: 'release', customerId: 'c-1', sessionId, at });
const customer = DeciderSpecification.for(customerSessionDecider);

describe("a customer's one open phone session (customer-session-<id>)", () => {
  it('given no claim, when a start claims, then the claim names its session; the same start again changes nothing', () => {
    customer
      .given([])
      .when(claim('s-1'), claim('s-1'))
      .thenMatches([{ type: 'CustomerSessionClaimed', data: { customerId: 'c-1', sessionId: 's-1', at } }]);
  });

  it('given an open claim, when another start claims, then it is refused: one open session per customer', () => {
    customer.given([]).when(claim('s-1'), claim('s-2')).thenThrows('charging.active_session_exists');
  });

  it('given a claim released by its ending, when another start claims, then it opens', () => {
    customer
      .given([])
      .when(claim('s-1'), confirm('s-1'), release('s-1'), claim('s-2'))
      .thenTypes(['CustomerSessionClaimed', 'CustomerSessionConfirmed', 'CustomerSessionReleased', 'CustomerSessionClaimed']);
  });

  it('given a claim the start judged over, when it replaces that very claim, then the old one is released and the new one opens', () => {
    customer
      .given([])
      .when(claim('s-1'), claim('s-2', { sessionId: 's-1', confirmed: false }))
      .thenMatches([
        { type: 'CustomerSessionClaimed' },
        { type: 'CustomerSessionReleased', data: { sessionId: 's-1' } },
        { type: 'CustomerSessionClaimed', data: { sessionId: 's-2' } },
      ]);
  });

  it('given a claim confirmed after the start judged it dead (unconfirmed), when it replaces it, then it is refused', () => {
    customer
      .given([])
      .when(claim('s-1'), confirm('s-1'), claim('s-2', { sessionId: 's-1', confirmed: false }))
      .thenThrows('charging.active_session_exists');
  });

  it('given a claim another start took over, when the slow start confirms, then it is refused (its session must not go on)', () => {
    customer
      .given([])
      .when(claim('s-1'), claim('s-2', { sessionId: 's-1', confirmed: false }), confirm('s-1'))
      .thenThrows('charging.active_session_exists');
  });

  it('given a claim held by another session, when an old session releases, then nothing happens', () => {
    customer.given([]).when(claim('s-2'), release('s-1')).thenTypes(['CustomerSessionClaimed']);
  });
});
