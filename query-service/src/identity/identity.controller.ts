import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { operations, type OperationSpec } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import type { Mailbox } from '@evc/platform/mail/mailer';
import type { PositionTracker } from '@evc/projections';
import { STALE_HEADER, awaitPosition } from '../shared/consistency';
import type { ReplyLike } from '../shared/reply';
import { DOCUMENTS, MAILBOX, POSITIONS } from '../shared/tokens';
import { IdentityQueries, type ListQuery } from './identity.queries';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
}
type Paging = ListQuery & { position?: number };

/** Identity queries: the signed-in user, staff, roles, customers, the dev mailbox, reset-link status. */
@Controller('api/queries')
export class IdentityController {
  private readonly queries: IdentityQueries;

  constructor(
    @Inject(DOCUMENTS) documents: DocumentStore,
    @Inject(POSITIONS) private readonly positions: PositionTracker,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
    @Inject(MAILBOX) private readonly mailbox: Mailbox,
  ) {
    this.queries = new IdentityQueries(documents);
  }

  @Get('me')
  async me(@Req() req: RequestLike) {
    const principal = await this.auth.authorize(operations['me.get'].access, req);
    const user = principal && (await this.queries.me(principal));
    if (!user) throw new ApiException('auth.unauthenticated', 'Sign in first');
    return user;
  }

  @Get('admins')
  async admins(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    return this.queries.admins(await this.list(operations['admins.list'], query, req, reply));
  }

  @Get('roles')
  async roles(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    return this.queries.roles(await this.list(operations['roles.list'], query, req, reply));
  }

  @Get('customers')
  async customers(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    return this.queries.customers(await this.list(operations['customers.list'], query, req, reply));
  }

  @Get('mailbox')
  async mails(@Query() query: unknown, @Req() req: RequestLike) {
    const spec = operations['mailbox.list'];
    await this.auth.authorize(spec.access, req);
    return this.mailbox.list(parseInput(spec.input, query) as Paging);
  }

  @Get('auth/reset-link')
  async resetLink(@Query() query: unknown) {
    const { token } = parseInput(operations['auth.reset-link'].input, query) as { token: string };
    return { valid: await this.queries.resetLinkValid(token) };
  }

  /** Access first (a refused caller learns nothing about the input), then the paging, then read-your-writes. */
  private async list(spec: OperationSpec, query: unknown, req: RequestLike, reply: ReplyLike): Promise<Paging> {
    await this.auth.authorize(spec.access, req);
    const q = parseInput(spec.input!, query) as Paging;
    if (!(await awaitPosition(this.positions, q.position))) reply.header(STALE_HEADER, 'true');
    return q;
  }
}
