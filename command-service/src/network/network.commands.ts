import { Command } from '@nestjs/cqrs';
import type { CommandResult, RegisterCharger, RegisterStation, SetPricing } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';

export class RegisterStationCommand extends Command<CommandResult> {
  constructor(readonly payload: RegisterStation, readonly context: CommandContext) {
    super();
  }
}
export class RegisterChargerCommand extends Command<CommandResult> {
  constructor(readonly payload: RegisterCharger, readonly context: CommandContext) {
    super();
  }
}
export class SetPricingCommand extends Command<CommandResult> {
  constructor(readonly payload: SetPricing, readonly context: CommandContext) {
    super();
  }
}
