import { describe, expect, it } from 'vitest';
import { allowedCardRequestSteps, isCancellableCardRequest, nextCardRequestStatus } from './steps';

describe('card request steps', () => {
  it('leads a new card through delivery and a linked card straight to verification', () => {
    expect(nextCardRequestStatus('new', 'requested', 'start')).toBe('in_progress');
    expect(nextCardRequestStatus('new', 'in_progress', 'ship')).toBe('in_delivery');
    expect(nextCardRequestStatus('new', 'in_delivery', 'deliver')).toBe('delivered');
    expect(nextCardRequestStatus('new', 'in_progress', 'deliver')).toBeNull();
    expect(nextCardRequestStatus('link', 'in_progress', 'ship')).toBeNull();
    expect(nextCardRequestStatus('link', 'requested', 'deliver')).toBe('delivered');
  });

  it('offers staff the steps the workflow allows from each status', () => {
    expect(allowedCardRequestSteps('new', 'requested')).toEqual(['start', 'needs-action', 'reject']);
    expect(allowedCardRequestSteps('new', 'in_progress')).toEqual(['ship', 'needs-action', 'reject']);
    expect(allowedCardRequestSteps('link', 'in_progress')).toEqual(['deliver', 'needs-action', 'reject']);
    expect(allowedCardRequestSteps('new', 'needs_action')).toEqual(['resume', 'reject']);
    expect(allowedCardRequestSteps('new', 'delivered')).toEqual([]);
  });

  it('lets the customer cancel only while the request waits', () => {
    expect(isCancellableCardRequest('requested')).toBe(true);
    expect(isCancellableCardRequest('needs_action')).toBe(true);
    expect(isCancellableCardRequest('in_delivery')).toBe(false);
  });
});
