import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, CommandResult } from '@evc/contracts';
import { getJson, postJson, startTestApp, type TestApp } from '../support/app';

const SUBMIT = '/api/commands/contact-requests.submit';
const contact = () => ({
  requestId: randomUUID(),
  fullName: 'Omar Farouk',
  email: 'omar@example.com',
  title: 'Please add a station in Hurghada marina',
  type: 'suggestion',
  details: 'Many EV owners drive there every weekend.',
});

describe('bad input at the HTTP edge', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { BODY_LIMIT: '4096' } });
  });
  afterAll(() => app?.close());

  it('accepts a valid command and answers its stream, revision and position', async () => {
    const body = contact();
    const res = await postJson<CommandResult>(app.baseUrl, SUBMIT, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ streamId: `contact-request-${body.requestId}`, revision: 0 });
    expect(res.body.position).toBeGreaterThan(0);
    const stored = await app.embedded.infra.eventStore.readStream(res.body.streamId);
    expect(stored[0]).toMatchObject({ type: 'ContactRequestSubmitted', data: body, metadata: { actor: { type: 'visitor' } } });
  });

  it('malformed JSON → 400 request.malformed_json', async () => {
    const res = await postJson<ApiError>(app.baseUrl, SUBMIT, '{"fullName": "Omar",');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.malformed_json');
  });

  it('unknown fields and wrong types → 400 with field errors', async () => {
    const res = await postJson<ApiError>(app.baseUrl, SUBMIT, { ...contact(), isAdmin: true, type: 42 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.invalid');
    expect(res.body.fieldErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'unrecognized_keys' }), expect.objectContaining({ path: 'type' })]),
    );
  });

  it('a body that is not an object → 400', async () => {
    const res = await postJson<ApiError>(app.baseUrl, SUBMIT, '[1,2,3]');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.invalid');
  });

  it('an oversized body → 413 request.too_large, and nothing is stored', async () => {
    const head = await app.embedded.infra.eventStore.headPosition();
    const res = await postJson<ApiError>(app.baseUrl, SUBMIT, { ...contact(), details: 'x'.repeat(10_000) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('request.too_large');
    expect(await app.embedded.infra.eventStore.headPosition()).toBe(head);
  });

  it('an unknown command → 404, an unknown query → 404, a bad query parameter → 400', async () => {
    expect((await postJson<ApiError>(app.baseUrl, '/api/commands/wallet.drain', {})).status).toBe(404);
    const missing = await getJson<ApiError>(app.baseUrl, '/api/queries/stations/nope');
    expect([missing.status, missing.body.code]).toEqual([404, 'network.station_not_found']);
    const bad = await getJson<ApiError>(app.baseUrl, '/api/queries/stations?pageSize=0');
    expect([bad.status, bad.body.code]).toEqual([400, 'request.invalid']);
  });

  it('the same request id with other content → 409; concurrent submits: one wins, the rest 409', async () => {
    const body = contact();
    expect((await postJson(app.baseUrl, SUBMIT, body)).status).toBe(200);
    expect((await postJson(app.baseUrl, SUBMIT, body)).status).toBe(200); // a retry of the same request is fine
    const changed = await postJson<ApiError>(app.baseUrl, SUBMIT, { ...body, details: 'Changed my mind.' });
    expect([changed.status, changed.body.code]).toEqual([409, 'contact.request_exists']);

    const requestId = randomUUID();
    const racers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => postJson<ApiError>(app.baseUrl, SUBMIT, { ...contact(), requestId, details: `Version ${i}` })),
    );
    expect(racers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racers.filter((r) => r.status === 409)).toHaveLength(11);
    expect(await app.embedded.infra.eventStore.readStream(`contact-request-${requestId}`)).toHaveLength(1);
  });

  it('never answers a stack trace', async () => {
    const res = await fetch(`${app.baseUrl}${SUBMIT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    const text = await res.text();
    expect(text).not.toMatch(/at \w+ \(|node_modules/);
  });
});
