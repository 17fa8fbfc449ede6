import { Command } from '@nestjs/cqrs';
import type { CommandResult, SubmitContactRequest } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';

export class SubmitContactRequestCommand extends Command<CommandResult> {
  constructor(readonly payload: SubmitContactRequest, readonly context: CommandContext) {
    super();
  }
}
