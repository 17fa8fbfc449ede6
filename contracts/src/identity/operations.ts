import { z } from 'zod';
import { pagedSchema } from '../shared/api';
import { adminListQuerySchema } from '../shared/list-query';
import {
  AUTHENTICATED,
  CUSTOMER,
  PUBLIC,
  command,
  dedicated,
  group,
  listQuerySchema,
  positionParamSchema,
  privilege,
  query,
} from '../shared/operation';
import {
  banCustomerSchema,
  changePasswordSchema,
  createAdminSchema,
  emailOnlySchema,
  resetPasswordSchema,
  roleSchema,
  setAdminActiveSchema,
  signInSchema,
  signUpSchema,
  tokenSchema,
  updateAdminSchema,
  updateOwnProfileSchema,
  updatePersonalInfoSchema,
  verifyEmailSchema,
} from './schemas';
import {
  adminViewSchema,
  customerAdminViewSchema,
  authSessionSchema,
  customerAccountViewSchema,
  customerProfileViewSchema,
  mailViewSchema,
  resetLinkStatusSchema,
  roleViewSchema,
  sessionUserSchema,
} from './views';

const accepted = z.object({ accepted: z.literal(true) });
const noBody = z.strictObject({});

/**
 * Sign-in, refresh and sign-out set, rotate and clear the httpOnly refresh cookie, so they have a controller of
 * their own (same path, schema and access rules as every command).
 */
const sessions = [
  dedicated(
    command('auth.sign-in', {
      summary: 'Sign in a customer or staff member; answers the session and sets the refresh cookie.',
      access: PUBLIC,
      input: signInSchema,
      output: authSessionSchema,
    }),
  ),
  dedicated(
    command('auth.refresh', {
      summary: 'Rotate the refresh cookie and issue a new access token; reuse of an old one revokes the family.',
      access: PUBLIC,
      input: noBody,
      output: authSessionSchema,
    }),
  ),
  dedicated(
    command('auth.sign-out', {
      summary: 'Revoke the refresh family and clear the cookie.',
      access: PUBLIC,
      input: noBody,
      output: accepted,
    }),
  ),
] as const;

const accounts = [
  command('auth.sign-up', { summary: 'Customer sign-up; sends a verification mail.', access: PUBLIC, input: signUpSchema }),
  command('auth.verify-email', {
    summary: 'Confirm an e-mail address with the token from the mail.',
    access: PUBLIC,
    input: verifyEmailSchema,
  }),
  command('auth.resend-verification', {
    summary: 'Send the verification mail again (always answers accepted).',
    access: PUBLIC,
    input: emailOnlySchema,
    output: accepted,
  }),
  command('auth.forgot-password', {
    summary: 'Mail a single-use reset link (always answers accepted: no user enumeration).',
    access: PUBLIC,
    input: emailOnlySchema,
    output: accepted,
  }),
  command('auth.reset-password', {
    summary: 'Set a new password with a reset link token (single use).',
    access: PUBLIC,
    input: resetPasswordSchema,
  }),
  command('account.change-password', {
    summary: 'Change your own password; needs the current one.',
    access: AUTHENTICATED,
    input: changePasswordSchema,
  }),
  command('account.update-profile', {
    summary: 'Update your own name and language.',
    access: AUTHENTICATED,
    input: updateOwnProfileSchema,
  }),
  query('auth.reset-link', '/api/queries/auth/reset-link', {
    summary: 'Whether a reset link token is still usable (for /linkExpired).',
    access: PUBLIC,
    input: z.object({ token: tokenSchema }),
    output: resetLinkStatusSchema,
  }),
  query('me.get', '/api/queries/me', { summary: 'The signed-in user.', access: AUTHENTICATED, output: sessionUserSchema }),
  command('account.update-personal-info', {
    summary: 'Save your personal info: names, e-mail (unique), phone, address, gender, picture and delivery address.',
    access: CUSTOMER,
    input: updatePersonalInfoSchema,
  }),
  query('me.profile', '/api/queries/me/profile', {
    summary: 'Your personal info.',
    access: CUSTOMER,
    input: positionParamSchema,
    output: customerProfileViewSchema,
  }),
] as const;

const staff = [
  command('admins.create', { summary: 'Create a staff member with roles.', access: privilege('admins.write'), input: createAdminSchema }),
  command('admins.update', {
    summary: "Change a staff member's name and roles.",
    access: privilege('admins.write'),
    input: updateAdminSchema,
  }),
  command('admins.deactivate', {
    summary: 'Deactivate a staff member (their tokens stop working).',
    access: privilege('admins.write'),
    input: setAdminActiveSchema,
  }),
  command('admins.activate', { summary: 'Reactivate a staff member.', access: privilege('admins.write'), input: setAdminActiveSchema }),
  command('roles.create', { summary: 'Create a role with privileges.', access: privilege('roles.write'), input: roleSchema }),
  command('roles.update', { summary: "Change a role's name and privileges.", access: privilege('roles.write'), input: roleSchema }),
  command('customers.ban', { summary: 'Ban a customer, with a reason.', access: privilege('customers.ban'), input: banCustomerSchema }),
  command('customers.unban', { summary: 'Lift a ban, with a reason.', access: privilege('customers.ban'), input: banCustomerSchema }),
  query('admins.list', '/api/queries/admins', {
    summary: 'Staff members.',
    access: privilege('admins.read'),
    input: listQuerySchema,
    output: pagedSchema(adminViewSchema),
  }),
  query('roles.list', '/api/queries/roles', {
    summary: 'Roles with privileges and assigned admins.',
    access: privilege('roles.read'),
    input: listQuerySchema,
    output: pagedSchema(roleViewSchema),
  }),
  query('customers.list', '/api/queries/customers', {
    summary: 'Customer accounts with ban state.',
    access: privilege('customers.read'),
    input: listQuerySchema,
    output: pagedSchema(customerAccountViewSchema),
  }),
  query('mailbox.list', '/api/queries/mailbox', {
    summary: 'Mails kept by the embedded profile (dev mailbox).',
    access: privilege('mailbox.read'),
    input: listQuerySchema,
    output: pagedSchema(mailViewSchema),
  }),
  query('customers.admin-list', '/api/queries/admin/customers', {
    summary: 'Customers with the fields of the customers screen.',
    access: privilege('customers.read'),
    input: adminListQuerySchema.extend({ banned: z.enum(['true', 'false']).optional() }),
    output: pagedSchema(customerAdminViewSchema),
  }),
  query('customers.admin-get', '/api/queries/admin/customers/:customerId', {
    summary: 'One customer.',
    access: privilege('customers.read'),
    input: z.object({}),
    params: z.object({ customerId: z.string().max(64) }),
    output: customerAdminViewSchema,
  }),
] as const;

/** Identity and access: accounts, sessions, staff, roles, customers. */
export const identityOperations = group(...sessions, ...accounts, ...staff);
