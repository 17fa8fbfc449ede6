import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { operations } from '@evc/contracts';
import { AUTHENTICATOR, type Authenticator } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import { commandClass, type CommandPayload, type RoutedCommandId } from '../operation-command';
import { COMMAND_ROUTES } from './command-routes';
import { contextOf, type RequestLike } from './request-context';

/** POST /api/commands/<id>: check access, parse with the operation's schema, send its command, answer its result. */
@Controller('api/commands')
export class CommandsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(COMMAND_ROUTES) private readonly served: ReadonlySet<string>,
    /** Checks the token and the account as it is now (AccountGate): banned, deactivated or outdated is refused. */
    @Inject(AUTHENTICATOR) private readonly auth: Authenticator,
  ) {}

  /** Liveness for the cluster's health checks. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  @Post(':name')
  @HttpCode(200)
  async dispatch(@Param('name') name: string, @Body() body: unknown, @Req() req: RequestLike) {
    if (!this.served.has(name)) throw new ApiException('not_found', `Unknown command ${name}`);
    const id = name as RoutedCommandId;
    const spec = operations[id];
    const principal = await this.auth.authorize(spec.access, req);
    const payload = parseInput(spec.input, body) as CommandPayload<RoutedCommandId>;
    const Command = commandClass(id);
    return this.commandBus.execute(new Command(payload, contextOf(req, principal)));
  }
}
