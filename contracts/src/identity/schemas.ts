import { z } from 'zod';
import { LIMITS } from '../shared/constants';
import { normalizeDigits } from '../shared/digits';
import { emailSchema } from '../contact/index';
import { PRIVILEGES } from '../shared/privileges';
import { hasControlCharacters, hasInvisibleCharacters, lineTextSchema, withoutBidiMarks } from '../shared/text';
import { cairoDate } from '../shared/cairo-time';
import { AGE_LIMITS, ageOn, isCalendarDate } from './age';

/**
 * The password rule (docs/rules.md: 8 or more characters with a capital letter, a small letter and a digit), up to
 * 64 characters so passphrases fit (20 at least must fit). Never silently
 * changed: no leading or trailing whitespace, no control characters (NUL, ESC, …) are accepted.
 */
export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin)
  .max(LIMITS.passwordMax)
  .refine((p) => !hasControlCharacters(p) && !hasInvisibleCharacters(p, 'strict'), { params: { code: 'control_characters' } })
  .refine((p) => p.trim() === p, { params: { code: 'password_whitespace' } })
  .refine((p) => /[A-Z]/.test(p), { params: { code: 'password_upper' } })
  .refine((p) => /[a-z]/.test(p), { params: { code: 'password_lower' } })
  .refine((p) => /\d/.test(p), { params: { code: 'password_digit' } });

/** A first or last name: letters only (Latin or Arabic), no spaces, digits or symbols; 3 to 20 characters. */
export const personNameSchema = z
  .string()
  .refine((v) => !hasControlCharacters(v), { params: { code: 'control_characters' } })
  .overwrite(withoutBidiMarks)
  .trim()
  .min(3)
  .max(LIMITS.firstLastNameMax)
  .refine((v) => /^[\p{L}\p{M}]+$/u.test(v), { params: { code: 'letters_only' } });

/** Egyptian mobile: 11 digits starting 010, 011, 012 or 015; Eastern Arabic digits and spaces accepted. */
export const egyptianMobileSchema = z
  .string()
  .transform((v) => normalizeDigits(v).replace(/[\s-]/g, ''))
  .pipe(z.string().refine((v) => /^01[0125]\d{8}$/.test(v), { params: { code: 'egyptian_mobile' } }));

export const GENDERS = ['male', 'female'] as const;

/**
 * A birth date, YYYY-MM-DD (the form types it day/month/year): a real day, and an age of 16 to 120 on today's Cairo
 * day. Optional: staff see the age on the customers screen when it is given.
 */
export const birthDateSchema = z
  .string()
  .transform((v) => normalizeDigits(v).trim())
  .pipe(
    z
      .string()
      .refine(isCalendarDate, { params: { code: 'date_invalid' } })
      .refine((v) => !isCalendarDate(v) || ageOn(v, cairoDate(new Date())) >= AGE_LIMITS.min, {
        params: { code: 'age_min', minimum: AGE_LIMITS.min },
      })
      .refine((v) => !isCalendarDate(v) || ageOn(v, cairoDate(new Date())) <= AGE_LIMITS.max, {
        params: { code: 'age_max', maximum: AGE_LIMITS.max },
      }),
  );
export const AUDIENCES = ['customer', 'staff'] as const;
export type Audience = (typeof AUDIENCES)[number];
const localeSchema = z.enum(['en', 'ar']);

const withConfirmation = <T extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>>(schema: T) =>
  schema.refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], params: { code: 'password_mismatch' } });

/**
 * True when the password holds the name of the e-mail address (its local part, or a part of it of 4+ characters
 * split at . _ + -), in any case: `mona.hassan@…` may not use `Hassan2024x`. The server checks it again where the
 * form does not carry the address (reset, change).
 */
export function passwordContainsEmailName(password: string, email: string): boolean {
  const local = (email.split('@')[0] ?? '').toLowerCase();
  const lower = password.toLowerCase();
  return [local, ...local.split(/[._+-]+/)].some((part) => part.length >= 4 && lower.includes(part));
}
const withoutEmailName = <T extends z.ZodType<{ password: string; email: string }>>(schema: T) =>
  schema.refine((v) => !passwordContainsEmailName(v.password, v.email), {
    path: ['password'],
    params: { code: 'password_contains_email' },
  });

export const signUpSchema = withoutEmailName(
  withConfirmation(
    z.strictObject({
      firstName: personNameSchema,
      lastName: personNameSchema,
      email: emailSchema,
      phone: egyptianMobileSchema,
      password: passwordSchema,
      confirmPassword: z.string(),
      gender: z.enum(GENDERS),
      locale: localeSchema.default('en'),
    }),
  ),
);
export type SignUp = z.infer<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(LIMITS.passwordMax),
  rememberMe: z.boolean().default(false),
  audience: z.enum(AUDIENCES),
});
export type SignIn = z.infer<typeof signInSchema>;

export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/);
export const verifyEmailSchema = z.strictObject({ token: tokenSchema });
export const emailOnlySchema = z.strictObject({ email: emailSchema, audience: z.enum(AUDIENCES).default('customer') });
export const resetPasswordSchema = withConfirmation(
  z.strictObject({ token: tokenSchema, password: passwordSchema, confirmPassword: z.string() }),
);
export const changePasswordSchema = withConfirmation(
  z.strictObject({ currentPassword: z.string().min(1).max(LIMITS.passwordMax), password: passwordSchema, confirmPassword: z.string() }),
);

export const reasonSchema = z
  .string()
  .refine((v) => !hasControlCharacters(v, true), { params: { code: 'control_characters' } })
  .trim()
  .max(300)
  .refine((v) => v.length >= 3, { params: { code: 'reason_required' } });

export const createAdminSchema = withoutEmailName(
  z.strictObject({
    adminId: z.uuid(),
    firstName: personNameSchema,
    lastName: personNameSchema,
    email: emailSchema,
    roleIds: z.array(z.string().min(1).max(64)).max(20),
    /** The first password; the admin changes it in /admin/settings. */
    password: passwordSchema,
  }),
);
export const updateAdminSchema = z.strictObject({
  adminId: z.uuid(),
  firstName: personNameSchema,
  lastName: personNameSchema,
  roleIds: z.array(z.string().min(1).max(64)).max(20),
  expectedRevision: z.number().int().min(0),
});
export const setAdminActiveSchema = z.strictObject({
  adminId: z.uuid(),
  reason: reasonSchema,
  expectedRevision: z.number().int().min(0).optional(),
});

export const roleSchema = z.strictObject({
  roleId: z.string().regex(/^[a-z0-9-]{3,64}$/),
  name: lineTextSchema(3, 60),
  nameAr: lineTextSchema(2, 60),
  privileges: z.array(z.enum(PRIVILEGES)).max(PRIVILEGES.length),
  expectedRevision: z.number().int().min(0).optional(),
});

export const updateOwnProfileSchema = z.strictObject({ firstName: personNameSchema, lastName: personNameSchema, locale: localeSchema });

/** An address of the profile (home or delivery): required, 3 to 300 characters. */
export const addressSchema = z.string().trim().min(LIMITS.addressMin).max(LIMITS.addressMax);
/** Gender is required ("male" or "female"); an empty choice says so rather than "choose an option". */
export const genderSchema = z
  .string()
  .refine((v) => (GENDERS as readonly string[]).includes(v), { params: { code: 'gender_required' } })
  .pipe(z.enum(GENDERS));
/** Where a charging card is delivered: the home address, or another one. */
export const deliveryAddressSchema = z.discriminatedUnion('sameAsHome', [
  z.strictObject({ sameAsHome: z.literal(true) }),
  z.strictObject({ sameAsHome: z.literal(false), address: addressSchema }),
]);
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/**
 * The customer's personal info (profile tab "1"): names (letters only, 3-20), e-mail (unique), phone (11 digits),
 * address (3-300), gender, a picture (a `profile` upload of theirs, JPG/PNG ≤ 5 MB) and the delivery address.
 */
export const updatePersonalInfoSchema = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  phone: egyptianMobileSchema,
  address: addressSchema,
  gender: genderSchema,
  pictureFileId: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .nullable(),
  deliveryAddress: deliveryAddressSchema,
  /** Optional (absent or null: not given). */
  birthDate: birthDateSchema.nullable().optional(),
  /** The revision of the profile the customer edited: a change from elsewhere in between is a 409 (reload). */
  expectedRevision: z.number().int().min(0).optional(),
});
export type UpdatePersonalInfo = z.infer<typeof updatePersonalInfoSchema>;
export const banCustomerSchema = z.strictObject({ customerId: z.uuid(), reason: reasonSchema });

export const banReasonSchema = reasonSchema;
