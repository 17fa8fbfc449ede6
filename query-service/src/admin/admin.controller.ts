import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { auditQuerySchema, operations, type OcppCommandsQuery, type OcppMessagesQuery, type AdminListQuery, type OperationSpec } from '@evc/contracts';
import type { DocumentStore, EventStore } from '@evc/platform';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import type { PositionTracker } from '@evc/projections';
import { STALE_HEADER, awaitPosition } from '../shared/consistency';
import type { ReplyLike } from '../shared/reply';
import { DOCUMENTS, EVENT_STORE, POSITIONS } from '../shared/tokens';
import { ActorNames } from './actor-names';
import type { ListAnswer } from './admin-list';
import { AuditQueries } from './audit.queries';
import { CatalogAdminQueries } from './catalog-admin.queries';
import { CustomersAdminQueries } from './customers-admin.queries';
import { NetworkAdminQueries } from './network-admin.queries';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
}

/** The admin panel's lists (JSON pages or CSV), single items and item histories. */
@Controller('api/queries/admin')
export class AdminController {
  private readonly catalog: CatalogAdminQueries;
  private readonly network: NetworkAdminQueries;
  private readonly customers: CustomersAdminQueries;
  private readonly audit: AuditQueries;

  constructor(
    @Inject(DOCUMENTS) documents: DocumentStore,
    @Inject(EVENT_STORE) events: EventStore,
    @Inject(POSITIONS) private readonly positions: PositionTracker,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
  ) {
    this.catalog = new CatalogAdminQueries(documents);
    this.network = new NetworkAdminQueries(documents);
    this.customers = new CustomersAdminQueries(documents);
    this.audit = new AuditQueries(events, new ActorNames(documents));
  }

  @Get('masterdata')
  async masterData(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = await this.input<AdminListQuery & { kind: 'carBrand' | 'carType' | 'batteryRange'; parentId?: string }>(operations['masterdata.list'], query, req, reply);
    return this.answer(reply, `master-data-${q.kind}`, await this.catalog.masterData(q));
  }

  @Get('countries')
  async countries(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = await this.input<AdminListQuery>(operations['countries.list'], query, req, reply);
    return this.answer(reply, 'countries', await this.catalog.countries(q));
  }

  @Get('governorates')
  async governorates(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = await this.input<AdminListQuery & { countryId?: string }>(operations['governorates.admin-list'], query, req, reply);
    return this.answer(reply, 'governorates', await this.catalog.governorates(q));
  }

  @Get('stations')
  async stations(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = await this.input<AdminListQuery & { governorateId?: string }>(operations['stations.admin-list'], query, req, reply);
    return this.answer(reply, 'stations', await this.network.stations(q));
  }

  @Get('stations/:stationId')
  async station(@Param() params: unknown, @Req() req: RequestLike) {
    const spec = operations['stations.admin-get'];
    await this.auth.authorize(spec.access, req);
    const { stationId } = parseInput(spec.params!, params) as { stationId: string };
    const station = await this.network.station(stationId);
    if (!station) throw new ApiException('network.station_not_found', 'No such station');
    return station;
  }

  @Get('pricing-history')
  async pricingHistory(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = await this.input<AdminListQuery>(operations['pricing.history'], query, req, reply);
    return this.answer(reply, 'pricing-history', await this.network.pricingHistory(q));
  }

  @Get('customers')
  async customersList(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = await this.input<AdminListQuery & { banned?: 'true' | 'false' }>(operations['customers.admin-list'], query, req, reply);
    return this.answer(reply, 'customers', await this.customers.list(q));
  }

  @Get('customers/:customerId')
  async customer(@Param() params: unknown, @Req() req: RequestLike) {
    const spec = operations['customers.admin-get'];
    await this.auth.authorize(spec.access, req);
    const { customerId } = parseInput(spec.params!, params) as { customerId: string };
    const customer = await this.customers.get(customerId);
    if (!customer) throw new ApiException('identity.customer_not_found', 'No such customer');
    return customer;
  }

  @Get('ocpp-messages')
  async ocppMessages(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = await this.input<OcppMessagesQuery & { position?: number }>(operations['ocpp.messages'], query, req, reply);
    return this.network.ocppMessages(q);
  }

  @Get('ocpp-commands')
  async ocppCommands(@Query() query: unknown, @Req() req: RequestLike, @Res({ passthrough: true }) reply: ReplyLike) {
    const q = await this.input<OcppCommandsQuery>(operations['ocpp.commands'], query, req, reply);
    return this.network.ocppCommands(q);
  }

  @Get('audit')
  async history(@Query() query: unknown, @Req() req: RequestLike) {
    const spec = operations['audit.history'];
    await this.auth.authorize(spec.access, req);
    return this.audit.history(parseInput(auditQuerySchema, query));
  }

  /** Access first (a refused caller learns nothing about the input), then the input, then read-your-writes. */
  private async input<T extends { position?: number }>(spec: OperationSpec, query: unknown, req: RequestLike, reply: ReplyLike): Promise<T> {
    await this.auth.authorize(spec.access, req);
    const q = parseInput(spec.input!, query) as T;
    if (!(await awaitPosition(this.positions, q.position))) reply.header(STALE_HEADER, 'true');
    return q;
  }

  private answer<V>(reply: ReplyLike, name: string, answer: ListAnswer<V>) {
    if (answer.kind === 'page') return answer.page;
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store');
    return answer.csv;
  }
}
