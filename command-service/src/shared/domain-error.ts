import type { ErrorCode, FieldError } from '@evc/contracts';

/** A broken rule or a refused command; carries a stable code the frontend translates. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
