import type { CommandBus } from '@nestjs/cqrs';
import { BUS_TOPICS, inboundChargerMessageSchema } from '@evc/contracts';
import type { Bus, Consumer } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newContext, type CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { ActOnAlertCommand } from './alerts.handlers';
import { newChargerWatch, watchDue, watchMessage, type AlertAction, type AlertLimits, type ChargerWatch } from './charger-watch';

export const ALERTS_GROUP = 'charger-alerts';
const log = createLogger('alerts');

/**
 * Every charger's watch, fed from `ocpp.inbound` (group charger-alerts, each charger's messages in order), and the
 * sweep of the time-based kinds. The watches are in memory: after a restart a charger is watched again from its next
 * message (its first one also resolves a silence left open).
 */
export class ChargerWatcher {
  private readonly watches = new Map<string, ChargerWatch>();

  constructor(
    private readonly commandBus: CommandBus,
    private readonly limits: AlertLimits,
  ) {}

  consume(bus: Bus): Consumer {
    return bus.subscribe<unknown>(
      // A new group starts at the end: alerts are about now, and replaying the chargers' history would page staff
      // for every fault ever reported.
      { groupId: ALERTS_GROUP, topics: [BUS_TOPICS.ocppInbound], fromBeginning: false, concurrency: { perKey: true, max: 64 } },
      async ({ key, value }) => {
        const parsed = inboundChargerMessageSchema.safeParse(value);
        if (!parsed.success) return log.warn('charger message refused by its schema', { chargerId: key });
        const m = parsed.data;
        const { watch, actions } = watchMessage(this.watches.get(m.chargerId) ?? newChargerWatch(), m);
        this.watches.set(m.chargerId, watch);
        const context = { ...newContext({ type: 'charger', id: m.chargerId }), causationId: `${m.connectionId}/${m.messageId}` };
        await this.run(m.chargerId, actions, context);
      },
    );
  }

  /** Opens what is due at `now` (the time-based kinds); answers how many alerts it asked to open. */
  async sweep(now: number): Promise<number> {
    let asked = 0;
    for (const [chargerId, before] of this.watches) {
      const { watch, actions } = watchDue(before, now, this.limits);
      if (actions.length === 0) continue;
      this.watches.set(chargerId, watch);
      asked += actions.length;
      await this.run(chargerId, actions, newContext({ type: 'system', id: 'alerts-sweep' }, 'time limit passed'));
    }
    return asked;
  }

  private async run(chargerId: string, actions: AlertAction[], context: CommandContext): Promise<void> {
    for (const action of actions) {
      try {
        await this.commandBus.execute(new ActOnAlertCommand({ chargerId, action }, context));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        log.warn('alert action refused', { chargerId, code: error.code });
      }
    }
  }
}
