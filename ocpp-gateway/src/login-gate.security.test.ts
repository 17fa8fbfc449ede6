import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Doc, Filter } from '@evc/platform';
import { LOGIN_LIMITS, LoginGate, type Handshake } from './login-gate';

const KEY = 'the-right-key-of-CP-1';
const records = new Map<string, Doc>([
  [
    'CP-1',
    { _id: 'CP-1', stationId: 'st-1', ocppVersion: '1.6', secretHash: createHash('sha256').update(KEY).digest('hex'), deleted: false },
  ],
]);
const documents = { collection: () => ({ findOne: async (filter: Filter) => records.get(String(filter._id)) ?? null }) };

/** A handshake for `identity` with `key`, from `address` (through one trusted proxy: X-Forwarded-For). */
const handshake = (identity: string, key: string, address: string): Handshake => ({
  identity,
  endpoint: '/ocpp',
  protocols: new Set(['ocpp1.6']),
  password: Buffer.from(key),
  remoteAddress: '10.0.0.1',
  headers: { 'x-forwarded-for': address },
});
const statuses = async (gate: LoginGate, attempts: Handshake[]) =>
  (await Promise.all(attempts.map((h) => gate.check(h)))).map((o) => (o.ok ? 101 : o.status));
const count = (all: number[], status: number) => all.filter((s) => s === status).length;

describe("charger logins under a stranger's guesses", () => {
  it('accepts the right key while its charger id is hammered from elsewhere, and from the hammered address itself', async () => {
    const gate = new LoginGate(documents, LOGIN_LIMITS, 1);
    // Five races: twenty wrong keys from the stranger's address at once, with the real charger's login among them.
    for (let round = 0; round < 5; round++) {
      const wrong = Array.from({ length: 20 }, (_, i) => handshake('CP-1', `guess-${round}-${i}`, '203.0.113.7'));
      const all = await statuses(gate, [...wrong, handshake('CP-1', KEY, '198.51.100.2'), handshake('CP-1', KEY, '203.0.113.7')]);
      const [fromHome, fromStranger] = all.slice(20);
      const guesses = all.slice(0, 20);
      expect([fromHome, fromStranger]).toEqual([101, 101]);
      // The stranger's pair (charger, address) allows ten failures in the window, counted exactly under the race.
      if (round === 0)
        expect([count(guesses, 401), count(guesses, 429)]).toEqual([LOGIN_LIMITS.perChargerAddress, 20 - LOGIN_LIMITS.perChargerAddress]);
      else expect(count(guesses, 429)).toBe(20);
    }
  });

  it('limits wrong keys per address, whatever the charger ids, and still lets a right key in from that address', async () => {
    const gate = new LoginGate(documents, LOGIN_LIMITS, 1);
    const guesses = await statuses(
      gate,
      Array.from({ length: 150 }, (_, i) => handshake(`CP-${i + 100}`, 'guess', '203.0.113.9')),
    );
    expect([count(guesses, 401), count(guesses, 429)]).toEqual([LOGIN_LIMITS.perAddress, 150 - LOGIN_LIMITS.perAddress]);
    expect(
      await statuses(gate, [
        handshake('CP-1', KEY, '203.0.113.9'),
        handshake('CP-1', 'guess', '203.0.113.9'),
        handshake('CP-1', 'guess', '198.51.100.3'),
      ]),
    ).toEqual([101, 429, 401]);
  });
});
