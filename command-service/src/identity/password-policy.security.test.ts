import { describe, expect, it } from 'vitest';
import { changePasswordSchema, passwordSchema, signUpSchema } from '@evc/contracts';
import { DomainError } from '../shared/domain-error';
import type { EventStore } from '@evc/platform';
import { seedIdentity } from '../seed/seed-identity';
import { assertPasswordAllowed, generateAllowedPassword, isCommonPassword } from './password-policy';

/** Common passwords, the e-mail's name, 64 characters, NUL and surrounding whitespace. */
describe('password policy', () => {
  it.each(['Password1', 'Summer2024!', 'P@ssw0rd1', 'Qwerty123', 'Football99', 'Iloveyou1', 'Cairo2024', 'Letmein123', 'Dragon2023$'])(
    'refuses the common %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

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
    const codes = (p: string) =>
      (passwordSchema.safeParse(p).error?.issues ?? []).map((i) => (i as { params?: { code?: string } }).params?.code ?? i.code);
    expect(codes(' Kq8vzT2mWd')).toContain('password_whitespace');
    expect(codes('Kq8vzT2mWd\t')).toContain('password_whitespace');
    expect(codes('Kq8vz\u0000T2mWd')).toContain('control_characters');
    const change = changePasswordSchema.safeParse({ currentPassword: 'old', password: 'Kq8vzT2mWd ', confirmPassword: 'Kq8vzT2mWd ' });
    expect(change.success).toBe(false);
  });

  it('the sign-up schema refuses a password with the e-mail name at once (the form needs no round trip)', () => {
    const form = {
      firstName: 'Mona',
      lastName: 'Hassan',
      email: 'mona.hassan@example.com',
      phone: '01012345678',
      password: 'Hassan2024x',
      confirmPassword: 'Hassan2024x',
      gender: 'female',
    };
    const result = signUpSchema.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('password');
    expect(signUpSchema.safeParse({ ...form, password: 'Kq8vzT2mWd', confirmPassword: 'Kq8vzT2mWd' }).success).toBe(true);
  });

  it.each([
    '12345678Aa',
    'iloveyou1A',
    'Tahrir2011!',
    'Qwerty!2345',
    'Zxcvbnm12A',
    '01011990Ab!',
    '1990-05-17Aa',
    'Mohamed@2024x',
    'Aaaa1111Bb',
    'Abc123abc123',
    'Sup3rSecretPass',
    'Passw0rdOne',
  ])('refuses %s: a common word, run, repetition or date with only a few characters around it', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Felucca-Breeze-8', 'Kestrel-Mango-81', 'Kb7-Harbour-Quill', 'Charge2026x'])(
    'accepts %s: enough is left once the words are taken out',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  it('generated first passwords obey the policy', () => {
    for (let i = 0; i < 200; i++)
      expect(() => assertPasswordAllowed(generateAllowedPassword('super.admin@example.com'), 'super.admin@example.com')).not.toThrow();
  });

  it('a guessable SEED_ADMIN_PASSWORD or SEED_CUSTOMER_PASSWORD stops the seed before anything is created, without echoing it', async () => {
    const executed: unknown[] = [];
    const eventStore = { readStream: async () => [] } as unknown as EventStore;
    const commandBus = { execute: async (c: unknown) => void executed.push(c) };
    const seed = (admin: string, customer?: string) =>
      seedIdentity({
        commandBus: commandBus as never,
        eventStore,
        admin: { email: 'root@example.com', password: admin },
        ...(customer ? { customer: { email: 'demo@example.com', password: customer } } : {}),
      });
    await expect(seed('12345678Aa')).rejects.toThrow(/^SEED_ADMIN_PASSWORD is too easy to guess/);
    await expect(seed('Kb7-Harbour-Quill', 'Tahrir2011!')).rejects.toThrow(/^SEED_CUSTOMER_PASSWORD is too easy to guess/);
    await expect(seed('Kb7-Harbour-Quill', 'Tahrir2011!')).rejects.not.toThrow(/Tahrir/);
    expect(executed).toEqual([]);
  });
});
