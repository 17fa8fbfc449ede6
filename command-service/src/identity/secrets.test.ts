import { describe, expect, it } from 'vitest';
import { passwordSchema, tokenSchema } from '@evc/contracts';
import { accountOfLinkToken, emailKey, familyOfRefreshToken, generatePassword, newLinkToken, newRefreshToken, sha256 } from './secrets';

describe('identity secrets', () => {
  const accountId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('a link token passes the contract schema, names its account, and is stored only as its sha256', () => {
    const { token, tokenHash } = newLinkToken(accountId);
    expect(tokenSchema.safeParse(token).success).toBe(true);
    expect(accountOfLinkToken(token)).toBe(accountId);
    expect(tokenHash).toBe(sha256(token));
    expect(tokenHash).not.toContain(token.slice(32));
    expect(newLinkToken(accountId).token).not.toBe(token);
    expect(accountOfLinkToken('x'.repeat(75))).toBeNull();
  });

  it('a refresh token names its family', () => {
    const { token } = newRefreshToken(accountId);
    expect(familyOfRefreshToken(token)).toBe(accountId);
    expect(familyOfRefreshToken(`${accountId}.short`)).toBeNull();
  });

  it('the e-mail key ignores case and surrounding spaces', () => {
    expect(emailKey(' Mona@Example.COM ')).toBe(emailKey('mona@example.com'));
  });

  it('generated passwords pass the password rule', () => {
    for (let i = 0; i < 200; i++) expect(passwordSchema.safeParse(generatePassword()).success).toBe(true);
  });
});
