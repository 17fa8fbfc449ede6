import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { operations, type AdminSessionsQuery, type OperationSpec, type WalletQuery } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { AUTHENTICATOR, type Authenticator, type Principal } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import type { PositionTracker } from '@evc/projections';
import { STALE_HEADER, awaitPosition } from '../shared/consistency';
import type { ReplyLike } from '../shared/reply';
import { DOCUMENTS, POSITIONS } from '../shared/tokens';
import { SessionsQueries } from './sessions.queries';
import { WalletQueries } from './wallet.queries';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
}

/** The customer link (customerId) goes only to staff who may open the customer's profile. */
const mayReadCustomers = (principal: Principal | null) => principal?.privileges.includes('customers.read') === true;

/** Staff views of sessions (sessions.read) and of a customer's wallet (customers.read). */
@Controller('api/queries/admin')
export class ChargingAdminController {
  private readonly sessions: SessionsQueries;
  private readonly wallet: WalletQueries;

  constructor(
    @Inject(DOCUMENTS) documents: DocumentStore,
    @Inject(POSITIONS) private readonly positions: PositionTracker,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
  ) {
    this.sessions = new SessionsQueries(documents);
    this.wallet = new WalletQueries(documents);
  }

  @Get('sessions')
  async list(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const { principal, q } = await this.input<AdminSessionsQuery>(operations['sessions.admin-list'], query, req, reply);
    return this.sessions.adminList(q, mayReadCustomers(principal));
  }

  @Get('sessions/:sessionId')
  async get(@Param() params: unknown, @Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const spec = operations['sessions.admin-get'];
    const { principal } = await this.input<{ position?: number }>(spec, query, req, reply);
    const { sessionId } = parseInput(spec.params!, params) as { sessionId: string };
    const session = await this.sessions.adminGet(sessionId, mayReadCustomers(principal));
    if (!session) throw new ApiException('charging.session_not_found', 'No such session');
    return session;
  }

  @Get('customers/:customerId/wallet')
  async customerWallet(@Param() params: unknown, @Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const spec = operations['wallets.admin-get'];
    const { q } = await this.input<WalletQuery>(spec, query, req, reply);
    const { customerId } = parseInput(spec.params!, params) as { customerId: string };
    return this.wallet.wallet(customerId, q);
  }

  private async input<T extends { position?: number }>(spec: OperationSpec, query: unknown, req: RequestLike, reply: ReplyLike): Promise<{ principal: Principal | null; q: T }> {
    const principal = await this.auth.authorize(spec.access, req);
    const q = parseInput(spec.input!, query) as T;
    if (!(await awaitPosition(this.positions, q.position))) reply.header(STALE_HEADER, 'true');
    return { principal, q };
  }
}
