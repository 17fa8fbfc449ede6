import { describe, expect, it } from 'vitest';
import { FirmwareLinks, firmwareLinkKey } from './firmware-links';

const firmwareId = 'a'.repeat(64);
const now = Date.UTC(2026, 0, 1);
const links = new FirmwareLinks({ secret: firmwareLinkKey('s'.repeat(32)), baseUrl: 'https://evc.example', ttlMs: 60_000 });
const partsOf = (url: string) => url.slice('https://evc.example/firmware/'.length).split('/') as [string, string];

describe('signed firmware links', () => {
  it('names the firmware and the charger until it expires', () => {
    const url = links.urlFor(firmwareId, 'CP-01', now);
    expect(url).toMatch(/^https:\/\/evc\.example\/firmware\//);
    expect(links.check(...partsOf(url), now + 59_000)).toEqual({
      ok: true,
      claims: { firmwareId, chargerId: 'CP-01', expiresAt: now + 60_000 },
    });
    expect(links.check(...partsOf(url), now + 61_000)).toEqual({ ok: false, why: 'expired' });
  });

  it('refuses a link changed in any part, or signed with another key', () => {
    const [f, token] = partsOf(links.urlFor(firmwareId, 'CP-01', now));
    const [c, e, s] = token.split('.') as [string, string, string];
    const other = Buffer.from('CP-02').toString('base64url');
    expect(links.check(f, [other, e, s].join('.'), now)).toEqual({ ok: false, why: 'tampered' });
    expect(links.check(f, [c, String(Number(e) + 3_600_000), s].join('.'), now)).toEqual({ ok: false, why: 'tampered' });
    expect(links.check('b'.repeat(64), token, now)).toEqual({ ok: false, why: 'tampered' });
    expect(links.check(f, `${token}x`, now)).toEqual({ ok: false, why: 'tampered' });
    expect(links.check(f, 'nonsense', now)).toEqual({ ok: false, why: 'malformed' });
    const elsewhere = new FirmwareLinks({ secret: firmwareLinkKey('t'.repeat(32)), baseUrl: 'https://evc.example' });
    expect(elsewhere.check(f, token, now).ok).toBe(false);
  });
});
