import { Command } from '@nestjs/cqrs';
import type { AuthSession, SignIn, SignUp } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import { PayloadCommand } from '../shared/payload-command';

/** Seed only: a customer whose e-mail is already verified. */
export class SeedCustomerCommand extends PayloadCommand<Omit<SignUp, 'confirmPassword'> & { accountId: string }> {}

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
