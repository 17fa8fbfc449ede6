import type { Type } from '@nestjs/common';
import { operationOfHandler, type RoutedCommandId } from '../operation-command';

export const COMMAND_ROUTES = Symbol('CommandRoutes');

/**
 * The operations the generic controller serves at POST /api/commands/<id>: those whose handler is registered
 * (derived from the handlers' marks, never listed by hand). The cookie commands of sign-in, refresh and sign-out,
 * file uploads and payment callbacks have controllers of their own.
 */
export function servedCommands(handlers: Type[]): ReadonlySet<RoutedCommandId> {
  return new Set(handlers.map(operationOfHandler).filter((id): id is RoutedCommandId => id !== undefined));
}
