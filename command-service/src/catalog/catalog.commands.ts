import { Command } from '@nestjs/cqrs';
import type { CommandResult, CreateMasterDataItem, RegisterCountry, RegisterGovernorate } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';

export class RegisterCountryCommand extends Command<CommandResult> {
  constructor(readonly payload: RegisterCountry, readonly context: CommandContext) {
    super();
  }
}
export class RegisterGovernorateCommand extends Command<CommandResult> {
  constructor(readonly payload: RegisterGovernorate, readonly context: CommandContext) {
    super();
  }
}
export class CreateMasterDataItemCommand extends Command<CommandResult> {
  constructor(readonly payload: CreateMasterDataItem, readonly context: CommandContext) {
    super();
  }
}
