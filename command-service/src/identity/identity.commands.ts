import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type {
  AuthSession,
  changePasswordSchema,
  createAdminSchema,
  emailOnlySchema,
  resetPasswordSchema,
  roleSchema,
  setAdminActiveSchema,
  SignIn,
  SignUp,
  updateAdminSchema,
  updateOwnProfileSchema,
} from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import { PayloadCommand } from '../shared/payload-command';

export class SignUpCommand extends PayloadCommand<SignUp> {}
export class VerifyEmailCommand extends PayloadCommand<{ token: string }> {}
export class ResetPasswordCommand extends PayloadCommand<z.infer<typeof resetPasswordSchema>> {}
export class ChangePasswordCommand extends PayloadCommand<z.infer<typeof changePasswordSchema>> {}
export class UpdateOwnProfileCommand extends PayloadCommand<z.infer<typeof updateOwnProfileSchema>> {}
export class CreateAdminCommand extends PayloadCommand<z.infer<typeof createAdminSchema>> {}
export class UpdateAdminCommand extends PayloadCommand<z.infer<typeof updateAdminSchema>> {}
export class SetAdminActiveCommand extends PayloadCommand<z.infer<typeof setAdminActiveSchema> & { active: boolean }> {}
export class CreateRoleCommand extends PayloadCommand<z.infer<typeof roleSchema>> {}
export class UpdateRoleCommand extends PayloadCommand<z.infer<typeof roleSchema>> {}
/** Seed only: a customer whose e-mail is already verified. */
export class SeedCustomerCommand extends PayloadCommand<Omit<SignUp, 'confirmPassword'> & { accountId: string }> {}

/** Always answers accepted: nothing in the answer (or its timing) says whether the address has an account. */
export class RequestLinkMailCommand extends Command<{ accepted: true }> {
  constructor(
    readonly payload: z.infer<typeof emailOnlySchema> & { purpose: 'reset' | 'verification' },
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** A session as sign-in and refresh hand it out: the body for the client, the refresh token for the cookie. */
export interface IssuedSession {
  session: AuthSession;
  refreshToken: string;
  rememberMe: boolean;
}

export class SignInCommand extends Command<IssuedSession> {
  constructor(
    readonly payload: SignIn,
    readonly ip: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class RefreshSessionCommand extends Command<IssuedSession> {
  constructor(
    readonly refreshToken: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class SignOutCommand extends Command<{ accepted: true }> {
  constructor(
    readonly refreshToken: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}
