import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { operations, pagingQuerySchema, type MySessionsQuery, type OperationSpec, type WalletQuery } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import type { PositionTracker } from '@evc/projections';
import { STALE_HEADER, awaitPosition } from '../shared/consistency';
import type { ReplyLike } from '../shared/reply';
import { DOCUMENTS, POSITIONS } from '../shared/tokens';
import { CustomerQueries } from './customer.queries';
import { SessionsQueries } from './sessions.queries';
import { WalletQueries } from './wallet.queries';

const positionOnly = pagingQuerySchema.pick({ position: true });

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
}
interface Paging {
  page: number;
  pageSize: number;
  position?: number;
}

/** The signed-in customer's own sessions, wallet, payments, notifications and cars; finding a charger by serial. */
@Controller('api/queries')
export class MeController {
  private readonly sessions: SessionsQueries;
  private readonly wallet: WalletQueries;
  private readonly customer: CustomerQueries;

  constructor(
    @Inject(DOCUMENTS) documents: DocumentStore,
    @Inject(POSITIONS) private readonly positions: PositionTracker,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
  ) {
    this.sessions = new SessionsQueries(documents);
    this.wallet = new WalletQueries(documents);
    this.customer = new CustomerQueries(documents);
  }

  @Get('me/sessions')
  async mySessions(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const { customerId, q } = await this.input<MySessionsQuery>(operations['me.sessions'], query, req, reply);
    return this.sessions.mine(customerId, q);
  }

  @Get('me/sessions/:sessionId')
  async mySession(@Param() params: unknown, @Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const spec = operations['me.session'];
    const { customerId } = await this.input<Paging>(spec, query, req, reply);
    const { sessionId } = parseInput(spec.params, params);
    const session = await this.sessions.mineOne(customerId, sessionId);
    if (!session) throw new ApiException('charging.session_not_found', 'No such session');
    return session;
  }

  @Get('me/wallet')
  async myWallet(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const { customerId, q } = await this.input<WalletQuery>(operations['me.wallet'], query, req, reply);
    return this.wallet.wallet(customerId, q);
  }

  @Get('me/payments/:paymentId')
  async myPayment(@Param() params: unknown, @Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const spec = operations['me.payment'];
    const { customerId } = await this.input<Paging>(spec, query, req, reply);
    const { paymentId } = parseInput(spec.params, params);
    const payment = await this.customer.payment(customerId, paymentId);
    if (!payment) throw new ApiException('payments.payment_not_found', 'No such payment');
    return payment;
  }

  @Get('me/notifications')
  async myNotifications(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const { customerId, q } = await this.input<Paging>(operations['me.notifications'], query, req, reply);
    return this.customer.notifications(customerId, q);
  }

  @Get('me/cars')
  async myCars(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const { customerId, q } = await this.input<Paging>(operations['me.cars'], query, req, reply);
    return this.customer.cars(customerId, q);
  }

  @Get('chargers/lookup')
  async lookup(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const { q } = await this.input<{ serialNumber: string; position?: number }>(operations['chargers.lookup'], query, req, reply);
    const station = await this.customer.stationOfSerial(q.serialNumber);
    if (!station) throw new ApiException('network.charger_not_found', 'No charger with this serial number');
    return station;
  }

  /** Access first (a refused caller learns nothing about the input), then the input, then read-your-writes. */
  private async input<T extends { position?: number }>(spec: OperationSpec, query: unknown, req: RequestLike, reply: ReplyLike): Promise<{ customerId: string; q: T }> {
    const principal = await this.auth.authorize(spec.access, req);
    if (!principal) throw new ApiException('auth.unauthenticated', 'Sign in first');
    const q = parseInput(spec.input!, query) as T;
    // chargers.lookup's input has no position of its own: read it the same way for every query here.
    const { position } = parseInput(positionOnly, query);
    if (!(await awaitPosition(this.positions, position))) reply.header(STALE_HEADER, 'true');
    return { customerId: principal.accountId, q };
  }
}
