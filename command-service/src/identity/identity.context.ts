import { BanCustomerHandler, UnbanCustomerHandler } from './customers.handlers';
import { AuthController } from './auth.controller';
import type { ContextParts } from '../shared/context-parts';
import { ChangePasswordHandler, ForgotPasswordHandler, ResendVerificationHandler, ResetPasswordHandler } from './password.handlers';
import { UpdatePersonalInfoHandler } from './personal-info.handler';
import { RefreshSessionHandler, SignInHandler, SignOutHandler } from './session.handlers';
import { SeedCustomerHandler, SignUpHandler, VerifyEmailHandler } from './sign-up.handlers';
import {
  ActivateAdminHandler,
  CreateAdminHandler,
  CreateRoleHandler,
  DeactivateAdminHandler,
  UpdateAdminHandler,
  UpdateOwnProfileHandler,
  UpdateRoleHandler,
} from './staff.handlers';

/** Accounts, sessions (the cookie commands have their own controller), staff, roles, customers' bans. */
export const identityContext: ContextParts = {
  handlers: [
    SignUpHandler,
    VerifyEmailHandler,
    SeedCustomerHandler,
    SignInHandler,
    RefreshSessionHandler,
    SignOutHandler,
    ForgotPasswordHandler,
    ResendVerificationHandler,
    ResetPasswordHandler,
    ChangePasswordHandler,
    CreateAdminHandler,
    UpdateAdminHandler,
    DeactivateAdminHandler,
    ActivateAdminHandler,
    CreateRoleHandler,
    UpdateRoleHandler,
    UpdateOwnProfileHandler,
    UpdatePersonalInfoHandler,
    BanCustomerHandler,
    UnbanCustomerHandler,
  ],
  controllers: [AuthController],
};
