import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Bus, Clock } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import type { ContextParts } from '../shared/context-parts';
import { ContextConsumers } from '../shared/consumers';
import { BUS, CLOCK } from '../shared/tokens';
import { AlertBook } from './alert-book';
import { ALERT_SETTINGS, type AlertSettings } from './alert-settings';
import { alertsHandlers } from './alerts.handlers';
import { ChargerWatcher } from './charger-watcher';

const log = createLogger('alerts');

/** The charger watch on ocpp.inbound and the sweep of the time-based kinds, every `sweepEveryMs`. */
@Injectable()
export class AlertsConsumers extends ContextConsumers implements OnApplicationShutdown {
  readonly watcher: ChargerWatcher;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(BUS) private readonly bus: Bus | null,
    @Inject(CommandBus) commandBus: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ALERT_SETTINGS) private readonly settings: AlertSettings,
  ) {
    super();
    this.watcher = new ChargerWatcher(commandBus, settings);
  }

  protected start() {
    if (!this.bus) return [];
    if (this.settings.sweepEveryMs > 0) {
      this.timer = setInterval(() => void this.sweep(), this.settings.sweepEveryMs);
      this.timer.unref();
    }
    return [this.watcher.consume(this.bus)];
  }

  /** One sweep at the clock's time (the timer's, or a test's). */
  sweep(): Promise<number> {
    return this.watcher.sweep(this.clock.now().getTime()).catch((error: unknown) => {
      log.error('alert sweep failed', { error: String(error) });
      return 0;
    });
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/** Alerts: faults and silences open an alert per charger and kind, mailed to subscribed staff; staff work the inbox. */
export const alertsContext: ContextParts = { handlers: alertsHandlers, providers: [AlertBook, AlertsConsumers] };
