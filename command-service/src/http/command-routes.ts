import type { Command } from '@nestjs/cqrs';
import { operations, type CommandResult, type OperationSpec } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import { SubmitContactRequestCommand } from '../contact/contact.commands';

/** A command reachable over HTTP: its contract (path, schema, access) and how to build the CQRS command. */
export interface CommandRoute {
  spec: OperationSpec;
  build(payload: never, context: CommandContext): Command<CommandResult>;
}

export const COMMAND_ROUTES = Symbol('CommandRoutes');

/**
 * Commands exposed over HTTP. Staff commands (stations, pricing, master data) join this list with identity and
 * privileges; until then they run only from the seed, inside the process.
 */
export const commandRoutes: Record<string, CommandRoute> = {
  'contact-requests.submit': {
    spec: operations['contact-requests.submit'],
    build: (payload, context) => new SubmitContactRequestCommand(payload, context),
  },
};
