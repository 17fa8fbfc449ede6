import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { operations, signInSchema, type AuthSession } from '@evc/contracts';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { parseInput } from '@evc/platform/http/api-exception';
import { cameOverTls } from '@evc/platform/http/security-headers';
import { RefreshSessionCommand, SignInCommand, SignOutCommand, type IssuedSession } from './identity.commands';
import { IDENTITY, type IdentityDeps } from './identity.settings';
import { contextOf, type RequestLike } from '../shared/http/request-context';

export const REFRESH_COOKIE = 'evc_refresh';
/** Refresh and sign-out take an empty object (their schema in the contracts). */
const emptyBody = operations['auth.refresh'].input!;
/**
 * The cookie path. A cookie path matches a request path only at a '/' boundary (RFC 6265 §5.1.4), so
 * `/api/commands/auth` would never reach `/api/commands/auth.refresh`; `/api/commands` is the narrowest that does.
 */
export const REFRESH_COOKIE_PATH = '/api/commands';

interface CookieReply {
  setCookie(name: string, value: string, options: Record<string, unknown>): CookieReply;
  clearCookie(name: string, options: Record<string, unknown>): CookieReply;
}

/**
 * Sign-in, refresh and sign-out: the commands that set, rotate and clear the httpOnly refresh cookie. Same contracts
 * (paths, schemas, access) as every other command; the refresh token never appears in a body.
 */
@Controller('api/commands')
export class AuthController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  @Post('auth.sign-in')
  @HttpCode(200)
  async signIn(@Body() body: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: CookieReply): Promise<AuthSession> {
    const spec = operations['auth.sign-in'];
    const principal = await this.auth.authorize(spec.access, req);
    const payload = parseInput(signInSchema, body);
    const issued = await this.commandBus.execute(new SignInCommand(payload, req.ip ?? 'unknown', contextOf(req, principal)));
    return this.answer(req, reply, issued);
  }

  @Post('auth.refresh')
  @HttpCode(200)
  async refresh(@Body() body: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: CookieReply): Promise<AuthSession> {
    parseInput(emptyBody, body);
    try {
      const issued = await this.commandBus.execute(new RefreshSessionCommand(req.cookies?.[REFRESH_COOKIE] ?? null, contextOf(req, null)));
      return this.answer(req, reply, issued);
    } catch (error) {
      reply.clearCookie(REFRESH_COOKIE, this.cookieOptions(req));
      throw error;
    }
  }

  @Post('auth.sign-out')
  @HttpCode(200)
  async signOut(@Body() body: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: CookieReply) {
    const spec = operations['auth.sign-out'];
    const principal = await this.auth.authorize(spec.access, req);
    parseInput(emptyBody, body);
    reply.clearCookie(REFRESH_COOKIE, this.cookieOptions(req));
    return this.commandBus.execute(new SignOutCommand(req.cookies?.[REFRESH_COOKIE] ?? null, contextOf(req, principal)));
  }

  private answer(req: RequestLike, reply: CookieReply, issued: IssuedSession): AuthSession {
    // Remember-me: a persistent cookie for the refresh lifetime; otherwise a session cookie the browser drops.
    const maxAge = issued.rememberMe ? this.identity.settings.refreshTokenTtlDays * 86_400 : undefined;
    reply.setCookie(REFRESH_COOKIE, issued.refreshToken, { ...this.cookieOptions(req), ...(maxAge ? { maxAge } : {}) });
    return issued.session;
  }

  private cookieOptions(req: RequestLike) {
    // Secure whenever the browser came over TLS, directly or behind the proxy (or the site is served over https).
    const https = cameOverTls(req) || this.identity.settings.publicUrl.startsWith('https://');
    return { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict' as const, secure: https };
  }
}
