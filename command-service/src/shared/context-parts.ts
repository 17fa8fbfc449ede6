import type { Provider, Type } from '@nestjs/common';

/**
 * What one bounded context adds to the command module: its command handlers (each marked with the operation it
 * handles, or for an internal command), the other providers they need, and controllers of its own.
 */
export interface ContextParts {
  handlers: Type[];
  providers?: Provider[];
  controllers?: Type[];
}
