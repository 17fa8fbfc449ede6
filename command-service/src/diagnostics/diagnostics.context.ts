import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Bus } from '@evc/platform';
import type { ContextParts } from '../shared/context-parts';
import { ContextConsumers } from '../shared/consumers';
import { BUS } from '../shared/tokens';
import { DiagnosticsFilesController } from './diagnostics-files.controller';
import { RecordDiagnosticsCommandResultHandler, RecordDiagnosticsHandler, RequestDiagnosticsHandler } from './diagnostics.handlers';
import { startDiagnosticsStatus } from './status-consumer';
import { DiagnosticsUploadRoute } from './upload-route';

/** What chargers report of their uploads (ocpp.inbound). */
@Injectable()
export class DiagnosticsConsumers extends ContextConsumers {
  constructor(
    @Inject(BUS) private readonly bus: Bus | null,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {
    super();
  }

  protected start() {
    return this.bus ? [startDiagnosticsStatus(this.bus, this.commandBus)] : [];
  }
}

/** Chargers' diagnostics: the request (a charger command), the upload URL, the charger's reports, the file. */
export const diagnosticsContext: ContextParts = {
  handlers: [RequestDiagnosticsHandler, RecordDiagnosticsHandler, RecordDiagnosticsCommandResultHandler],
  controllers: [DiagnosticsFilesController],
  providers: [DiagnosticsConsumers, DiagnosticsUploadRoute],
};
