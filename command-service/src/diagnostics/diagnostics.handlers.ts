import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DIAGNOSTICS_UPLOAD_PATH, diagnosticsStreams, type CommandResult } from '@evc/contracts';
import type { Bus, Clock, EventStore } from '@evc/platform';
import { ChargerCommandSender } from '../chargers-live/index';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { decideAndAppend } from '../shared/decide-and-append';
import { BUS, CLOCK, EVENT_STORE } from '../shared/tokens';
import { RecordDiagnosticsCommand, RecordDiagnosticsCommandResultCommand } from './diagnostics.commands';
import { diagnosticsDecider } from './diagnostics.decider';
import { DIAGNOSTICS_SETTINGS, type DiagnosticsSettings } from './diagnostics-settings';

/** The upload URL's secret: 256 random bits, URL-safe. */
const newUploadToken = () => randomBytes(32).toString('base64url');

/**
 * `diagnostics.request`: records the request on `diagnostics-<chargerId>` (one open at a time, the upload URL's
 * token), then sends GetDiagnostics as a charger command keyed by the request id, so it shows in the charger's
 * command history with its outcome. The same request again sends nothing new.
 */
@HandlesCommand('diagnostics.request')
export class RequestDiagnosticsHandler extends ChargerCommandSender implements OperationHandler<'diagnostics.request'> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(BUS) bus: Bus | null,
    @Inject(CLOCK) private readonly time: Clock,
    @Inject(DIAGNOSTICS_SETTINGS) private readonly settings: DiagnosticsSettings,
  ) {
    super(events, bus, time);
  }

  async execute({ payload, context }: OperationCommand<'diagnostics.request'>): Promise<CommandResult> {
    const { requestId, chargerId } = payload;
    const from = payload.from ?? null;
    const to = payload.to ?? null;
    await this.requireCharger(chargerId);
    const at = this.time.now().toISOString();
    const command = { kind: 'request', requestId, chargerId, commandId: requestId, token: newUploadToken(), from, to, at } as const;
    const { state } = await decideAndAppend(this.events, diagnosticsStreams.charger(chargerId), diagnosticsDecider, command, context, {
      clock: this.time,
    });
    const request = state.requests.find((r) => r.requestId === requestId)!;
    const location = `${this.settings.uploadBaseUrl}${DIAGNOSTICS_UPLOAD_PATH}/${chargerId}/${request.token}`;
    return this.send(
      {
        commandId: request.commandId,
        chargerId,
        action: 'GetDiagnostics',
        location,
        requestId: request.ocppRequestId,
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        retries: 1,
      },
      context,
    );
  }
}

/** The charger's upload reports and the upload endpoint's steps, on `diagnostics-<chargerId>`. */
@CommandHandler(RecordDiagnosticsCommand)
export class RecordDiagnosticsHandler implements ICommandHandler<RecordDiagnosticsCommand, CommandResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  async execute({ payload, context }: RecordDiagnosticsCommand): Promise<CommandResult> {
    const streamId = diagnosticsStreams.charger(payload.chargerId);
    return (await decideAndAppend(this.store, streamId, diagnosticsDecider, payload, context, { clock: this.clock })).result;
  }
}

/** Only these calls, and a command no node took or no charger answered, can concern a diagnostics request. */
const DIAGNOSTICS_CALLS = new Set(['GetDiagnostics', 'GetLog']);

/** A charger command's outcome: when it carried a diagnostics request, the request learns it (and the file name). */
@CommandHandler(RecordDiagnosticsCommandResultCommand)
export class RecordDiagnosticsCommandResultHandler implements ICommandHandler<RecordDiagnosticsCommandResultCommand, CommandResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  async execute({ payload: r, context }: RecordDiagnosticsCommandResultCommand): Promise<CommandResult> {
    const streamId = diagnosticsStreams.charger(r.chargerId);
    const concerns = r.ocppAction ? DIAGNOSTICS_CALLS.has(r.ocppAction) : r.status === 'offline' || r.status === 'timeout';
    if (r.status === 'sent' || !concerns) return { streamId, revision: -1, position: 0 };
    const response = (r.response ?? {}) as { fileName?: unknown; filename?: unknown };
    const name = response.fileName ?? response.filename;
    const command = {
      kind: 'command-answered',
      chargerId: r.chargerId,
      commandId: r.commandId,
      status: r.status,
      fileName: typeof name === 'string' && name !== '' ? name.slice(0, 255) : null,
      at: r.at,
    } as const;
    return (await decideAndAppend(this.store, streamId, diagnosticsDecider, command, context, { clock: this.clock })).result;
  }
}
