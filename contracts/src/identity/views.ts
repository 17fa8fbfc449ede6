import { z } from 'zod';
import { PRIVILEGES } from './privileges';

/** The signed-in user as the client keeps it (docs/rules.md §3, the sign-in state). */
export const sessionUserSchema = z.object({
  userId: z.string(),
  /** 1 = staff (admin sign-in), 5 = customer (public routes). */
  userType: z.union([z.literal(1), z.literal(5)]),
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
  userType: z.union([z.literal(1), z.literal(5)]),
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
export const customerProfileViewSchema = customerAccountViewSchema.pick({ customerId: true, firstName: true, lastName: true, email: true, phone: true, gender: true }).extend({
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
