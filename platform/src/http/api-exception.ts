import {
  CONTROL_CHARACTERS,
  controlCharacterPaths,
  statusOf,
  toFieldErrors,
  type ApiError,
  type ErrorCode,
  type FieldError,
} from '@evc/contracts';
import type { z } from 'zod';

/** An error answer in the API's one shape: { code, message, fieldErrors? }. */
export class ApiException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly status: number = statusOf(code),
  ) {
    super(message);
    this.name = 'ApiException';
  }

  toBody(): ApiError {
    return { code: this.code, message: this.message, ...(this.fieldErrors?.length ? { fieldErrors: this.fieldErrors } : {}) };
  }
}

/**
 * Validates input against a shared schema; a failure is a 400 with field errors. Before the schema, every string
 * of the input is checked for control and invisible characters (NUL, ESC, bidi overrides, zero-width and tag
 * characters: contracts/src/shared/text.ts), so no field slips through because its schema is a plain string.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const refused = controlCharacterPaths(input);
  if (refused.length > 0) {
    throw new ApiException(
      'request.invalid',
      'The request holds control characters',
      refused.map((path) => ({ path, code: CONTROL_CHARACTERS })),
    );
  }
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw new ApiException('request.invalid', 'The request is invalid', toFieldErrors(result.error));
  }
  return result.data;
}
