import { Command } from '@nestjs/cqrs';
import type { CommandResult } from '@evc/contracts';
import type { CommandContext } from './command-context';

/** A command that carries a validated payload and who asks; each command is a named subclass of this. */
export abstract class PayloadCommand<P> extends Command<CommandResult> {
  constructor(
    readonly payload: P,
    readonly context: CommandContext,
  ) {
    super();
  }
}
