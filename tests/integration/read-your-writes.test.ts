import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveChange, StationView } from '@evc/contracts';
import { aStation, givenGovernorate, registerStation } from '../support/factories';
import { getJson, startTestApp, type TestApp } from '../support/app';

describe("queries see a command's own write, and changes are pushed over SSE", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await givenGovernorate(app.commandBus);
  });
  afterAll(() => app?.close());

  it("a query given the command's position returns the new station at once", async () => {
    const station = aStation();
    const result = await registerStation(app.commandBus, station);
    const { body, headers } = await getJson<{ dataList: StationView[] }>(
      app.baseUrl,
      `/api/queries/stations?q=${station.stationId}&position=${result.position}`,
    );
    expect(headers.get('x-read-model-stale')).toBeNull();
    expect(body.dataList.map((s) => s.stationId)).toEqual([station.stationId]);
  });

  it('a position the log never reaches waits at most about 2 s and says the answer may be stale', async () => {
    const { status, headers } = await getJson(app.baseUrl, `/api/queries/stations?position=999999999`);
    expect(status).toBe(200);
    expect(headers.get('x-read-model-stale')).toBe('true');
  });

  it('/api/live streams a change event for the stations read model', async () => {
    const controller = new AbortController();
    const res = await fetch(`${app.baseUrl}/api/live?collections=stations`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const station = aStation();
    const result = await registerStation(app.commandBus, station);
    let text = '';
    const deadline = Date.now() + 5000;
    while (!text.includes(station.stationId) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const frame = text.split('\n\n').find((f) => f.includes(station.stationId));
    expect(frame).toMatch(/^id: \d+\nevent: change\ndata: /m);
    const change = JSON.parse(frame!.split('data: ')[1]!) as LiveChange;
    expect(change).toMatchObject({ collection: 'stations', ids: [station.stationId] });
    expect(change.position).toBeGreaterThanOrEqual(result.position);
  });
});
