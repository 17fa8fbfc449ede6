import 'reflect-metadata';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiExceptionFilter } from './error-handling';

export interface HttpAppOptions {
  bodyLimit: number;
  /** Nest's own log levels; request logging is ours. */
  nestLogs?: ('error' | 'warn' | 'log')[];
}

/** A NestJS app on Fastify with the API's error shape for every failure, including body-parser ones. */
export async function createHttpApp(module: DynamicModule, options: HttpAppOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: options.bodyLimit, return503OnClosing: true });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: options.nestLogs ?? ['error', 'warn'],
    abortOnError: false,
  });
  app.useGlobalFilters(new ApiExceptionFilter());
  return app;
}
