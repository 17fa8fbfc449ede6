import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import { ACCOUNT_GATE, type AccountGate } from '../identity/account-gate';
import { COMMAND_ROUTES, type CommandRoute } from './command-routes';
import { contextOf, type RequestLike } from './request-context';

/** POST /api/commands/<name>: check access, parse with the shared schema, send one command, answer its result. */
@Controller('api/commands')
export class CommandsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(COMMAND_ROUTES) private readonly routes: Record<string, CommandRoute>,
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
    @Inject(ACCOUNT_GATE) private readonly gate: AccountGate,
  ) {}

  /** Liveness for the cluster's health checks. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  @Post(':name')
  @HttpCode(200)
  async dispatch(@Param('name') name: string, @Body() body: unknown, @Req() req: RequestLike) {
    const route = Object.hasOwn(this.routes, name) ? this.routes[name] : undefined;
    if (!route) throw new ApiException('not_found', `Unknown command ${name}`);
    const principal = await this.auth.authorize(route.spec.access, req);
    if (!route.spec.input) throw new ApiException('server.error', 'Command without input schema');
    const payload = parseInput(route.spec.input, body) as never;
    if (principal && route.spec.access.kind !== 'public') await this.gate.assertMayAct(principal);
    return this.commandBus.execute(route.build(payload, contextOf(req, principal)));
  }
}
