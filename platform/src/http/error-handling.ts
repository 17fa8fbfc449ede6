import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { ApiError, ErrorCode, FieldError } from '@evc/contracts';
import { statusOf } from '@evc/contracts';
import { createLogger } from '../logging/logger';
import { WrongExpectedRevisionError } from '../ports/event-store';
import { ApiException } from './api-exception';

const log = createLogger('http');

interface Reply {
  status(code: number): Reply;
  header(name: string, value: string): Reply;
  send(body: unknown): void;
  sent?: boolean;
}

/** Errors that carry a stable code (domain errors of the command side) without importing their classes. */
interface CodedError {
  code: ErrorCode;
  message: string;
  fieldErrors?: FieldError[];
}
const isCoded = (e: unknown): e is CodedError =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as CodedError).code === 'string' &&
  (e as CodedError).code.includes('.') &&
  e instanceof Error;

/** Maps any thrown value to the API's error shape; never leaks a stack or an internal message. */
export function toApiError(error: unknown): { status: number; body: ApiError } {
  if (error instanceof ApiException) return { status: error.status, body: error.toBody() };
  // A write that lost every retry to concurrent writers: the caller may simply try again.
  if (error instanceof WrongExpectedRevisionError)
    return { status: 409, body: { code: 'concurrency.conflict', message: 'Changed by someone else at the same moment; try again' } };
  if (isCoded(error)) {
    return {
      status: statusOf(error.code),
      body: { code: error.code, message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) },
    };
  }
  // Nest wraps Fastify's body-parser errors in an HttpException whose cause keeps Fastify's code.
  const raw = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const fastifyCode = typeof raw?.code === 'string' ? raw.code : typeof raw?.cause?.code === 'string' ? raw.cause.code : undefined;
  if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status: 413, body: { code: 'request.too_large', message: 'The request body is too large' } };
  if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return { status: 415, body: { code: 'request.unsupported_media_type', message: 'Send application/json' } };
  if (fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
    return { status: 400, body: { code: 'request.malformed_json', message: 'The request body is not valid JSON' } };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 404) return { status, body: { code: 'not_found', message: 'Not found' } };
    if (status === 401) return { status, body: { code: 'auth.unauthenticated', message: 'Sign in first' } };
    if (status === 403) return { status, body: { code: 'auth.forbidden', message: 'Not allowed' } };
    if (status === 413) return { status, body: { code: 'request.too_large', message: 'The request body is too large' } };
    if (status < 500) return { status: 400, body: { code: 'request.invalid', message: 'The request is invalid' } };
  }
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status: 400, body: { code: 'request.invalid', message: 'The request is invalid' } };
  }
  log.error('unhandled error', { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  return { status: 500, body: { code: 'server.error', message: 'Internal server error' } };
}

/** Extra response headers a coded error asks for (e.g. Retry-After on 429); only simple string values. */
function headersOf(error: unknown): [string, string][] {
  const headers = (error as { headers?: unknown } | null)?.headers;
  if (!(error instanceof Error) || typeof headers !== 'object' || headers === null) return [];
  return Object.entries(headers).filter((e): e is [string, string] => /^[a-z-]{1,40}$/i.test(e[0]) && typeof e[1] === 'string');
}

export function sendError(reply: Reply, error: unknown): void {
  const { status, body } = toApiError(error);
  if (status < 500) for (const [name, value] of headersOf(error)) reply.header(name, value);
  reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

/** Nest filter: every error leaves the API in one shape. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<Reply>();
    if (reply.sent) return;
    sendError(reply, exception);
  }
}
