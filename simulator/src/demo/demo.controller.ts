import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { operations, type DemoStatus } from '@evc/contracts';
import { parseInput } from '@evc/platform/http/api-exception';
import type { DemoRunner } from './demo-runner';

export const DEMO_RUNNER = Symbol('DemoRunner');

interface SocketLike {
  localAddress?: string;
  localPort?: number;
}
interface RequestLike {
  ip?: string;
  socket?: SocketLike;
  raw?: { socket?: SocketLike };
}

/** Where this server took the request: the simulated chargers connect back to the same address and port. */
export function serverUrlOf(req: RequestLike): string {
  const socket = req.raw?.socket ?? req.socket ?? {};
  const raw = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = raw === '::' || raw === '0.0.0.0' ? '127.0.0.1' : raw.includes(':') ? `[${raw}]` : raw;
  return `ws://${host}:${socket.localPort ?? 3000}`;
}

/** GET /api/demo, POST /api/demo/start, POST /api/demo/step: public, bounded and rate-limited (see DemoRunner). */
@Controller('api/demo')
export class DemoController {
  constructor(@Inject(DEMO_RUNNER) private readonly demo: DemoRunner) {}

  @Get()
  status(): Promise<DemoStatus> {
    return this.demo.status();
  }

  @Post('start')
  @HttpCode(200)
  start(@Body() body: unknown, @Req() req: RequestLike): Promise<DemoStatus> {
    parseInput(operations['demo.start'].input, body);
    return this.demo.start(serverUrlOf(req), req.ip ?? 'unknown');
  }

  @Post('step')
  @HttpCode(200)
  step(@Body() body: unknown, @Req() req: RequestLike): Promise<DemoStatus> {
    const { action, token } = parseInput(operations['demo.step'].input, body);
    return this.demo.step(action, req.ip ?? 'unknown', token);
  }
}
