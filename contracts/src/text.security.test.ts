import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './errors';
import { submitContactRequestSchema } from './contact/schemas';
import { registerStationSchema } from './network/schemas';
import { createMasterDataItemSchema } from './catalog/schemas';
import { banCustomerSchema, roleSchema } from './identity/schemas';
import { adjustWalletSchema } from './charging/schemas';
import { controlCharacterPaths } from './text';

/** Issue 16, item 12: free text refuses control characters (NUL, ESC, bidi overrides) at the schema level. */
const contact = {
  requestId: '3f1f7c1e-6b1e-4a53-9d43-0d6a2c1a8e11',
  fullName: 'Mona Hassan',
  email: 'mona@example.com',
  title: 'The charger at Zamalek does not start',
  type: 'complaint',
  details: 'It says faulted.\nPlease check it.',
};
const codesOf = (result: { success: boolean; error?: Parameters<typeof toFieldErrors>[0] }) => (result.success ? [] : toFieldErrors(result.error!).map((e) => `${e.path}:${e.code}`));

describe('free text and control characters', () => {
  it.each([
    ['NUL', '\u0000'],
    ['ESC', '\u001b[31m'],
    ['right-to-left override', '\u202e'],
    ['left-to-right isolate', '\u2066'],
    ['DEL', '\u007f'],
    ['C1 control', '\u009b'],
  ])('refuses %s in a one-line field and a multi-line one', (_name, bad) => {
    expect(codesOf(submitContactRequestSchema.safeParse({ ...contact, title: `${contact.title}${bad}` }))).toContain('title:control_characters');
    expect(codesOf(submitContactRequestSchema.safeParse({ ...contact, details: `${bad}${contact.details}` }))).toContain('details:control_characters');
  });

  it('keeps line breaks in multi-line text, refuses them in one line, and accepts Arabic with its direction marks', () => {
    expect(submitContactRequestSchema.safeParse(contact).success).toBe(true);
    expect(codesOf(submitContactRequestSchema.safeParse({ ...contact, fullName: 'Mona\nHassan' }))).toContain('fullName:control_characters');
    expect(submitContactRequestSchema.safeParse({ ...contact, fullName: 'منى حسن\u200f', details: 'الشاحن\u200f معطل\tمنذ أمس' }).success).toBe(true);
  });

  it('holds in the shared names, addresses, reasons and role names', () => {
    const station = { stationId: 'st-1', nameEn: 'Zamalek', nameAr: 'الزمالك', governorateId: 'eg-c', location: { lat: 30.06, lng: 31.22 }, addressEn: '26th of July St', addressAr: 'شارع ٢٦ يوليو' };
    expect(registerStationSchema.safeParse(station).success).toBe(true);
    expect(codesOf(registerStationSchema.safeParse({ ...station, nameEn: 'Zama\u202elek' }))).toContain('nameEn:control_characters');
    expect(codesOf(registerStationSchema.safeParse({ ...station, addressAr: 'شارع\u0000' }))).toContain('addressAr:control_characters');
    expect(codesOf(createMasterDataItemSchema.safeParse({ itemId: 'b', kind: 'carBrand', name: 'BYD\u001b', nameTranslation: 'بي واي دي' }))).toContain('name:control_characters');
    expect(codesOf(banCustomerSchema.safeParse({ customerId: contact.requestId, reason: 'spam\u0000' }))).toContain('reason:control_characters');
    expect(codesOf(roleSchema.safeParse({ roleId: 'ops', name: 'Ops\u2067', nameAr: 'تشغيل', privileges: [] }))).toContain('name:control_characters');
    expect(codesOf(adjustWalletSchema.safeParse({ adjustmentId: contact.requestId, customerId: 'c', direction: 'credit', amountEgp: 5, reason: 'refund\u202d' }))).toContain('reason:control_characters');
  });

  it('finds every string with a control character in any input (what the API checks before each schema)', () => {
    expect(controlCharacterPaths({ a: 'fine', b: ['ok', 'x\u0000'], c: { d: '\u202e' }, e: 'line\nbreak' })).toEqual(['b.1', 'c.d']);
  });
});
