import { z } from 'zod';
import { PRIVILEGES } from '../shared/privileges';
import { USER_TYPE } from './user-types';

/** The signed-in user as the client keeps it (docs/rules.md §3, the sign-in state). */
export const sessionUserSchema = z.object({
  userId: z.string(),
  /** 1 = staff (admin sign-in), 5 = customer (public routes). */
  userType: z.union([z.literal(USER_TYPE.staff), z.literal(USER_TYPE.customer)]),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  locale: z.enum(['en', 'ar']),
  /** Role names (staff); customers have ['customer']. */
  roles: z.array(z.string()),
  privileges: z.array(z.enum(PRIVILEGES)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * What sign-in and refresh answer. The refresh token itself travels only in an httpOnly cookie
 * (`evc_refresh`, path /api/commands/auth), never in JavaScript.
 */
export const authSessionSchema = z.object({
  token: z.string(),
  /** ISO-8601 expiry of the access token. */
  tokenExpiry: z.string(),
  user: sessionUserSchema,
  userType: z.union([z.literal(USER_TYPE.staff), z.literal(USER_TYPE.customer)]),
  roles: z.array(z.string()),
  rememberMe: z.boolean(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const adminViewSchema = z.object({
  adminId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()),
  /** The same roles' Arabic names (the English name where a role has none). */
  roleNamesAr: z.array(z.string()),
  isActive: z.boolean(),
  revision: z.number().int(),
  createdAt: z.string(),
});
export type AdminView = z.infer<typeof adminViewSchema>;

export const roleViewSchema = z.object({
  roleId: z.string(),
  name: z.string(),
  nameAr: z.string(),
  privileges: z.array(z.enum(PRIVILEGES)),
  adminIds: z.array(z.string()),
  revision: z.number().int(),
});
export type RoleView = z.infer<typeof roleViewSchema>;

/** A mail as the embedded dev mailbox keeps it (staff screen /admin/mailbox). */
export const mailViewSchema = z.object({
  mailId: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  locale: z.enum(['en', 'ar']),
  sentAt: z.string(),
});
export type MailView = z.infer<typeof mailViewSchema>;

export const resetLinkStatusSchema = z.object({ valid: z.boolean() });

/** A customer account as staff see it in the identity screens (the full customer screen builds on it). */
export const customerAccountViewSchema = z.object({
  customerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.enum(['male', 'female']),
  emailVerified: z.boolean(),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  revision: z.number().int(),
});
export type CustomerAccountView = z.infer<typeof customerAccountViewSchema>;

/** The customer's own profile (tab "1"); `address` is null until they first save it. */
export const customerProfileViewSchema = customerAccountViewSchema
  .pick({ customerId: true, firstName: true, lastName: true, email: true, phone: true, gender: true })
  .extend({
    address: z.string().nullable(),
    deliveryAddress: z.object({ sameAsHome: z.boolean(), address: z.string().nullable() }),
    pictureFileId: z.string().nullable(),
    /** YYYY-MM-DD, or null when not given. */
    birthDate: z.string().nullable(),
    locale: z.enum(['en', 'ar']),
    /** The account stream's revision (the form sends it back as expectedRevision). */
    revision: z.number().int(),
  });
export type CustomerProfileView = z.infer<typeof customerProfileViewSchema>;

/** The customer's most recently registered car, named in both languages. */
export const customerCarSummarySchema = z.object({
  brandNameEn: z.string(),
  brandNameAr: z.string(),
  typeNameEn: z.string(),
  typeNameAr: z.string(),
  batteryRangeName: z.string(),
  batteryRangeNameAr: z.string(),
});

/**
 * The customer as staff see it on /admin/users (docs/rules.md §3, "Customer"). Age in whole years on today's Cairo day
 * (null without a birth date); `car` is the latest registered of `carCount` cars (`carType` and `batteryRange` its
 * English names, as the CSV has them); the licence images are every car's (front, back or customs certificate).
 */
export const customerAdminViewSchema = customerAccountViewSchema.extend({
  age: z.number().int().nullable(),
  car: customerCarSummarySchema.nullable(),
  carCount: z.number().int(),
  carType: z.string().nullable(),
  batteryRange: z.string().nullable(),
  licenceImageIds: z.array(z.string()),
  cardStatus: z.string().nullable(),
  lastChargeAt: z.string().nullable(),
  walletBalance: z.number().int().nullable(),
});
export type CustomerAdminView = z.infer<typeof customerAdminViewSchema>;
