import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../ports/event-store';
import { toApiError } from './error-handling';

describe('toApiError', () => {
  it('answers a write that lost every retry to concurrent writers as 409 concurrency.conflict', () => {
    const { status, body } = toApiError(new WrongExpectedRevisionError('wallet-1', 3, 4));
    expect(status).toBe(409);
    expect(body.code).toBe('concurrency.conflict');
  });

  it('never leaks an unknown error: 500 server.error with a generic message', () => {
    const { status, body } = toApiError(new Error('secret internals at /srv/app'));
    expect(status).toBe(500);
    expect(body).toEqual({ code: 'server.error', message: 'Internal server error' });
  });
});
