import type { ICommand } from '@nestjs/cqrs';
import type { OutboundOcppResult } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';

/**
 * A command that carries a charger command's outcome on to the context that asked for the command (a session's
 * remote start, a booking's ReserveNow). The results consumer sends one of each, in order, after the outcome is
 * recorded on the command's stream; the composition names them, so this context knows none of the askers.
 */
export type CommandResultFollower = new (result: OutboundOcppResult, context: CommandContext) => ICommand;

/** Nest token of the followers, in the order they are told. */
export const COMMAND_RESULT_FOLLOWERS = Symbol('CommandResultFollowers');
