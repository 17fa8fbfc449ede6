import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { requireAccess } from '@evc/platform/http/access';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import type { CommandContext } from '../shared/command-context';
import { COMMAND_ROUTES, type CommandRoute } from './command-routes';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
}

const header = (req: RequestLike, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** POST /api/commands/<name>: parse with the shared schema, check access, send one command, answer its position. */
@Controller('api/commands')
export class CommandsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(COMMAND_ROUTES) private readonly routes: Record<string, CommandRoute>,
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
    requireAccess(route.spec.access);
    if (!route.spec.input) throw new ApiException('server.error', 'Command without input schema');
    const payload = parseInput(route.spec.input, body) as never;
    const correlation = header(req, 'x-correlation-id');
    const context: CommandContext = {
      actor: { type: 'visitor', id: 'anonymous' },
      correlationId: correlation && /^[\w-]{8,64}$/.test(correlation) ? correlation : randomUUID(),
    };
    return this.commandBus.execute(route.build(payload, context));
  }
}
