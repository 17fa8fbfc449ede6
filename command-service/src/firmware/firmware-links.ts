import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a charger may take to start its download after the command (the URL is refused after). */
export const FIRMWARE_LINK_TTL_MS = 24 * 60 * 60_000;

export interface FirmwareLinkSettings {
  /** The key the links are signed with (derived from the server's token secret: every node agrees). */
  secret: string | Buffer;
  /** Where chargers reach this product (PUBLIC_URL); the link is `<base>/firmware/<token>`. */
  baseUrl: string;
  ttlMs?: number;
}

/** What a valid link names: the firmware, the one charger it was made for, and when it stops working. */
export interface FirmwareLinkClaims {
  firmwareId: string;
  chargerId: string;
  expiresAt: number;
}

export type FirmwareLinkCheck = { ok: true; claims: FirmwareLinkClaims } | { ok: false; why: 'malformed' | 'tampered' | 'expired' };

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * Signed, expiring firmware URLs: `/firmware/<firmwareId>/<chargerId>.<expiry ms>.<HMAC-SHA256 of the three>` (two
 * path segments, each within the HTTP server's limit on a parameter's length). Nothing is kept
 * per link: the signature is the permission. A link names its charger, so the server serves it to that charger only
 * (the download carries the charger's own id, see FirmwareController), and stops at its expiry.
 */
export class FirmwareLinks {
  constructor(private readonly settings: FirmwareLinkSettings) {}

  /** The base URL chargers reach (a test that listens on a port chosen at start sets it once listening). */
  set baseUrl(url: string) {
    this.settings.baseUrl = url.replace(/\/+$/, '');
  }
  get baseUrl(): string {
    return this.settings.baseUrl;
  }

  urlFor(firmwareId: string, chargerId: string, now: number): string {
    const expiresAt = now + (this.settings.ttlMs ?? FIRMWARE_LINK_TTL_MS);
    const charger = b64(chargerId);
    return `${this.settings.baseUrl}/firmware/${firmwareId}/${charger}.${expiresAt}.${this.sign(`${firmwareId}.${charger}.${expiresAt}`)}`;
  }

  /** `firmwareId` and `token` are the link's two path segments (`/firmware/<firmwareId>/<token>`). */
  check(firmwareId: string, token: string, now: number): FirmwareLinkCheck {
    const parts = token.split('.');
    if (parts.length !== 3) return { ok: false, why: 'malformed' };
    const [charger, expiry, signature] = parts as [string, string, string];
    if (!/^[a-f0-9]{64}$/.test(firmwareId) || !/^\d{1,15}$/.test(expiry)) return { ok: false, why: 'malformed' };
    const expected = Buffer.from(this.sign(`${firmwareId}.${charger}.${expiry}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, why: 'tampered' };
    const expiresAt = Number(expiry);
    if (now > expiresAt) return { ok: false, why: 'expired' };
    return { ok: true, claims: { firmwareId, chargerId: Buffer.from(charger, 'base64url').toString('utf8'), expiresAt } };
  }

  private sign(body: string): string {
    return b64(createHmac('sha256', this.settings.secret).update(`firmware-link\n${body}`).digest());
  }
}

/** The key of the links, derived from the server's secret so it is never the token key itself. */
export const firmwareLinkKey = (serverSecret: string): Buffer => createHmac('sha256', serverSecret).update('firmware-links').digest();
