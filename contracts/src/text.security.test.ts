import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './shared/errors';
import { submitContactRequestSchema } from './contact/schemas';
import { registerStationSchema } from './network/schemas';
import { createMasterDataItemSchema } from './catalog/schemas';
import { banCustomerSchema, passwordSchema, personNameSchema, roleSchema, signInSchema } from './identity/schemas';
import { adjustWalletSchema } from './wallet/schemas';
import { controlCharacterPaths, hasInvisibleCharacters } from './shared/text';

/** Free text refuses control characters (NUL, ESC, bidi overrides) at the schema level. */
const contact = {
  requestId: '3f1f7c1e-6b1e-4a53-9d43-0d6a2c1a8e11',
  fullName: 'Mona Hassan',
  email: 'mona@example.com',
  title: 'The charger at Zamalek does not start',
  type: 'complaint',
  details: 'It says faulted.\nPlease check it.',
};
const codesOf = (result: { success: boolean; error?: Parameters<typeof toFieldErrors>[0] }) =>
  result.success ? [] : toFieldErrors(result.error!).map((e) => `${e.path}:${e.code}`);

describe('free text and control characters', () => {
  it.each([
    ['NUL', '\u0000'],
    ['ESC', '\u001b[31m'],
    ['right-to-left override', '\u202e'],
    ['left-to-right isolate', '\u2066'],
    ['DEL', '\u007f'],
    ['C1 control', '\u009b'],
  ])('refuses %s in a one-line field and a multi-line one', (_name, bad) => {
    expect(codesOf(submitContactRequestSchema.safeParse({ ...contact, title: `${contact.title}${bad}` }))).toContain(
      'title:control_characters',
    );
    expect(codesOf(submitContactRequestSchema.safeParse({ ...contact, details: `${bad}${contact.details}` }))).toContain(
      'details:control_characters',
    );
  });

  it('keeps line breaks in multi-line text, refuses them in one line, and accepts Arabic with its direction marks', () => {
    expect(submitContactRequestSchema.safeParse(contact).success).toBe(true);
    expect(codesOf(submitContactRequestSchema.safeParse({ ...contact, fullName: 'Mona\nHassan' }))).toContain(
      'fullName:control_characters',
    );
    const arabic = submitContactRequestSchema.safeParse({ ...contact, fullName: 'منى حسن\u200f', details: 'الشاحن\u200f معطل\tمنذ أمس' });
    // The direction marks are dropped (the page sets the direction), the text is kept.
    expect([arabic.data?.fullName, arabic.data?.details]).toEqual(['منى حسن', 'الشاحن معطل\tمنذ أمس']);
  });

  it('holds in the shared names, addresses, reasons and role names', () => {
    const station = {
      stationId: 'st-1',
      nameEn: 'Zamalek',
      nameAr: 'الزمالك',
      governorateId: 'eg-c',
      location: { lat: 30.06, lng: 31.22 },
      addressEn: '26th of July St',
      addressAr: 'شارع ٢٦ يوليو',
    };
    expect(registerStationSchema.safeParse(station).success).toBe(true);
    expect(codesOf(registerStationSchema.safeParse({ ...station, nameEn: 'Zama\u202elek' }))).toContain('nameEn:control_characters');
    expect(codesOf(registerStationSchema.safeParse({ ...station, addressAr: 'شارع\u0000' }))).toContain('addressAr:control_characters');
    expect(
      codesOf(createMasterDataItemSchema.safeParse({ itemId: 'b', kind: 'carBrand', name: 'BYD\u001b', nameTranslation: 'بي واي دي' })),
    ).toContain('name:control_characters');
    expect(codesOf(banCustomerSchema.safeParse({ customerId: contact.requestId, reason: 'spam\u0000' }))).toContain(
      'reason:control_characters',
    );
    expect(codesOf(roleSchema.safeParse({ roleId: 'ops', name: 'Ops\u2067', nameAr: 'تشغيل', privileges: [] }))).toContain(
      'name:control_characters',
    );
    expect(
      codesOf(
        adjustWalletSchema.safeParse({
          adjustmentId: contact.requestId,
          customerId: 'c',
          direction: 'credit',
          amountEgp: 5,
          reason: 'refund\u202d',
        }),
      ),
    ).toContain('reason:control_characters');
  });

  it('finds every string with a control character in any input (what the API checks before each schema)', () => {
    expect(controlCharacterPaths({ a: 'fine', b: ['ok', 'x\u0000'], c: { d: '\u202e' }, e: 'line\nbreak' })).toEqual(['b.1', 'c.d']);
  });
});

/** Invisible characters in names, messages, passwords and e-mails. */
describe('invisible characters', () => {
  const INVISIBLE: [string, string][] = [
    ['zero-width space', '\u200b'],
    ['word joiner', '\u2060'],
    ['byte order mark', '\ufeff'],
    ['soft hyphen', '\u00ad'],
    ['tag character', '\u{E0041}'],
    ['cancel tag', '\u{E007F}'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', '\udc00'],
    ['variation selector', '\ufe01'],
    ['Hangul filler', '\u3164'],
    ['combining grapheme joiner', '\u034f'],
    ['invisible separator', '\u2063'],
  ];

  it.each(INVISIBLE)('refuses a %s in a title, a message, a name, a password and an e-mail', (_name, bad) => {
    expect(codesOf(submitContactRequestSchema.safeParse({ ...contact, title: `The charger at Zama${bad}lek does not start` }))).toContain(
      'title:control_characters',
    );
    expect(codesOf(submitContactRequestSchema.safeParse({ ...contact, details: `It says${bad} faulted.` }))).toContain(
      'details:control_characters',
    );
    expect(personNameSchema.safeParse(`Mo${bad}na`).success).toBe(false);
    expect(codesOf(z.object({ password: passwordSchema }).safeParse({ password: `Kq8vz${bad}T2mWd` }))).toContain(
      'password:control_characters',
    );
    expect(signInSchema.safeParse({ email: `mo${bad}na@example.com`, password: 'x', audience: 'customer' }).success).toBe(false);
    expect(controlCharacterPaths({ text: `a${bad}b` })).toEqual(['text']);
  });

  it('keeps what writing needs: the joiners inside Arabic and Persian words, emoji sequences in messages', () => {
    expect(
      submitContactRequestSchema.safeParse({
        ...contact,
        title: 'می\u200cخواهم شارژ کنم برای ماشینم',
        details: 'Thanks 👍🏽 ❤️ 👨\u200d👩\u200d👧',
      }).success,
    ).toBe(true);
    // Between Latin letters, or doubled as padding, they are refused.
    expect(hasInvisibleCharacters('Mo\u200cna')).toBe(true);
    expect(hasInvisibleCharacters('Mo\u200dna', 'multiline')).toBe(true);
    expect(hasInvisibleCharacters('منى\u200c\u200cحسن')).toBe(true);
    expect(hasInvisibleCharacters('\u200cمنى')).toBe(true);
    // One line (a title) takes no emoji joiner; a password or e-mail takes no joiner at all.
    expect(hasInvisibleCharacters('👨\u200d👩')).toBe(true);
    expect(hasInvisibleCharacters('می\u200cخواهم', 'strict')).toBe(true);
    expect(hasInvisibleCharacters('\u200f', 'strict')).toBe(true);
  });

  it('drops bidi marks from names and free text but refuses them in passwords', () => {
    expect(personNameSchema.parse('\u200fمنى\u061c')).toBe('منى');
    expect(codesOf(z.object({ password: passwordSchema }).safeParse({ password: 'Kq8vzT2mWd\u200e' }))).toContain(
      'password:control_characters',
    );
  });
});
