import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { chargingStreams, type CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { DomainError } from '../shared/domain-error';
import { HandlesCommand, type OperationCommand } from '../shared/operation-command';
import { EVENT_STORE } from '../shared/tokens';
import { CHARGING_SESSIONS, type ChargingSessions } from './charging-sessions';

/**
 * `sessions.stop` (the customer's own session; anyone else's is not found) and `sessions.staff-stop`:
 * SessionStopRequested and the remote stop, once. A session without a running transaction cannot be stopped.
 */
abstract class StopSessionHandler implements ICommandHandler<OperationCommand<'sessions.stop' | 'sessions.staff-stop'>, CommandResult> {
  protected abstract readonly by: 'customer' | 'staff';
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CHARGING_SESSIONS) private readonly sessions: ChargingSessions,
  ) {}

  async execute({ payload, context }: OperationCommand<'sessions.stop' | 'sessions.staff-stop'>): Promise<CommandResult> {
    const { sessionId } = payload;
    const by = this.by;
    const session = await this.sessions.reads.session(sessionId);
    if (!session.request || (by === 'customer' && session.request.customerId !== context.actor.id)) {
      throw new DomainError('charging.session_not_found', 'No such session', [{ path: 'sessionId', code: 'not_found' }]);
    }
    const stopping = await this.sessions.requestStop(sessionId, by, context);
    if (!stopping) throw new DomainError('charging.session_not_active', 'The session is not charging');
    const [last] = (await this.store.readStream(chargingStreams.session(sessionId))).slice(-1);
    return { streamId: chargingStreams.session(sessionId), revision: last!.revision, position: last!.position };
  }
}

@HandlesCommand('sessions.stop')
export class StopOwnSessionHandler extends StopSessionHandler {
  protected readonly by = 'customer';
}

@HandlesCommand('sessions.staff-stop')
export class StaffStopSessionHandler extends StopSessionHandler {
  protected readonly by = 'staff';
}
