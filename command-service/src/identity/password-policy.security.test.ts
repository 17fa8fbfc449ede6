import { describe, expect, it } from 'vitest';
import { changePasswordSchema, passwordSchema, signUpSchema } from '@evc/contracts';
import { DomainError } from '../shared/domain-error';
import { assertPasswordAllowed, isCommonPassword } from './password-policy';

/** Issue 16, item 5: common passwords, the e-mail's name, 64 characters, NUL and surrounding whitespace. */
describe('password policy', () => {
  it.each(['Password1', 'Summer2024!', 'P@ssw0rd1', 'Qwerty123', 'Football99', 'Iloveyou1', 'Cairo2024', 'Letmein123', 'Dragon2023$'])('refuses the common %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Nile-Breeze-7742', 'Kq8vzT2mWd', 'Zamalek-Dolphin-Tea9'])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it('refuses a new password holding the name of the e-mail address, with a field error the form shows', () => {
    const refused = (() => {
      try {
        assertPasswordAllowed('Hassan2024x', 'mona.hassan@example.com');
      } catch (error) {
        return error as DomainError;
      }
      return null;
    })();
    expect(refused?.fieldErrors).toEqual([{ path: 'password', code: 'password_contains_email' }]);
    expect(() => assertPasswordAllowed('Kq8vzT2mWd', 'mona.hassan@example.com')).not.toThrow();
  });

  it('allows 64 characters, refuses 65, and never silently trims or accepts NUL', () => {
    const at = (n: number) => `Aa1${'x'.repeat(n - 3)}`;
    expect(passwordSchema.safeParse(at(64)).success).toBe(true);
    expect(passwordSchema.safeParse(at(65)).success).toBe(false);
    const codes = (p: string) => (passwordSchema.safeParse(p).error?.issues ?? []).map((i) => (i as { params?: { code?: string } }).params?.code ?? i.code);
    expect(codes(' Kq8vzT2mWd')).toContain('password_whitespace');
    expect(codes('Kq8vzT2mWd\t')).toContain('password_whitespace');
    expect(codes('Kq8vz\u0000T2mWd')).toContain('control_characters');
    const change = changePasswordSchema.safeParse({ currentPassword: 'old', password: 'Kq8vzT2mWd ', confirmPassword: 'Kq8vzT2mWd ' });
    expect(change.success).toBe(false);
  });

  it('the sign-up schema refuses a password with the e-mail name at once (the form needs no round trip)', () => {
    const form = { firstName: 'Mona', lastName: 'Hassan', email: 'mona.hassan@example.com', phone: '01012345678', password: 'Hassan2024x', confirmPassword: 'Hassan2024x', gender: 'female' };
    const result = signUpSchema.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('password');
    expect(signUpSchema.safeParse({ ...form, password: 'Kq8vzT2mWd', confirmPassword: 'Kq8vzT2mWd' }).success).toBe(true);
  });
});
