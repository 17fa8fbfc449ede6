import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { chargingStreams, type CommandResult } from '@evc/contracts';
import { CHARGING_SESSIONS, type ChargingSessions } from './charging-sessions';
import { RecordSessionCommandResultCommand } from './charging.commands';

/** The remote start's outcome on the session: SessionStartAccepted, or SessionStartFailed and the locks released. */
@CommandHandler(RecordSessionCommandResultCommand)
export class RecordSessionCommandResultHandler implements ICommandHandler<RecordSessionCommandResultCommand, CommandResult> {
  constructor(@Inject(CHARGING_SESSIONS) private readonly sessions: ChargingSessions) {}

  async execute({ payload }: RecordSessionCommandResultCommand): Promise<CommandResult> {
    await this.sessions.onCommandResult(payload);
    return { streamId: chargingStreams.session(payload.sessionId ?? ''), revision: -1, position: 0 };
  }
}
