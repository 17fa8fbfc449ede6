import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { alertStreams, networkStreams, type AlertKind, type CommandResult } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { IDENTITY, chargerDecider, loadAccount, rolesOf, stationDecider, type IdentityDeps } from './deps';
import type { CommandContext } from '../shared/command-context';
import { decideAndAppend } from '../shared/decide-and-append';
import { loadState } from '../shared/load-state';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { alertDecider, type AlertCommand } from './alert.decider';
import { alertMail } from './alert-mail';
import type { AlertAction } from './charger-watch';
import { alertSubscriptionsDecider, subscribersOf } from './subscriptions.decider';

const log = createLogger('alerts');

/**
 * The one adapter of the alert streams: every command on `alerts-<kind>-<chargerId>` goes through `decide` (the
 * decision loop), and an alert that opened or resolved is then mailed to the staff who follow its station or
 * governorate, the outcome recorded on the alert.
 */
@Injectable()
export class AlertBook {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY) private readonly identity: IdentityDeps,
  ) {}

  now = () => this.clock.now().toISOString();

  async decide(chargerId: string, kind: AlertKind, command: AlertCommand, context: CommandContext): Promise<CommandResult> {
    const decision = await decideAndAppend(this.store, alertStreams.charger(chargerId, kind), alertDecider, command, context, {
      clock: this.clock,
    });
    for (const event of decision.events) {
      // Mailed once, by the call that recorded the change; the answer never waits for the mail server.
      const about = event.type === 'AlertOpened' ? 'opened' : event.type === 'AlertResolved' ? 'resolved' : null;
      if (about) this.mailInBackground(chargerId, kind, event.data.alertId, about, context);
    }
    return decision.result;
  }

  /** What the charger watch asks: open an alert (with its station and governorate) or resolve the open one. */
  async act(chargerId: string, action: AlertAction, context: CommandContext): Promise<CommandResult> {
    const at = this.now();
    if ('recover' in action) return this.decide(chargerId, action.recover, { kind: 'recover', recovery: action.recovery, at }, context);
    const { state: charger } = await loadState(this.store, networkStreams.charger(chargerId), chargerDecider);
    const stationId = charger.data?.stationId ?? null;
    const station = stationId ? (await loadState(this.store, networkStreams.station(stationId), stationDecider)).state : null;
    const governorateId = station?.data?.governorateId ?? null;
    const data = { alertId: randomUUID(), kind: action.open, chargerId, stationId, governorateId, cause: action.cause, at };
    return this.decide(chargerId, action.open, { kind: 'open', data }, context);
  }

  private mailInBackground(chargerId: string, kind: AlertKind, alertId: string, about: 'opened' | 'resolved', context: CommandContext) {
    void this.mail(chargerId, kind, alertId, about, context).catch((error: unknown) =>
      log.error('alert mail outcome not recorded', { alertId, about, error: String(error) }),
    );
  }

  private async mail(chargerId: string, kind: AlertKind, alertId: string, about: 'opened' | 'resolved', context: CommandContext) {
    const streamId = alertStreams.charger(chargerId, kind);
    const { state } = await loadState(this.store, streamId, alertDecider);
    const alert = state.alerts[alertId];
    if (!alert) return;
    const { state: subscriptions } = await loadState(this.store, alertStreams.subscriptions(), alertSubscriptionsDecider);
    const station = alert.stationId ? (await loadState(this.store, networkStreams.station(alert.stationId), stationDecider)).state : null;
    const resolution = about === 'resolved' ? alert.resolution : null;
    const staffIds: string[] = [];
    let error: string | null = null;
    for (const staffId of subscribersOf(subscriptions, alert.stationId, alert.governorateId)) {
      const account = await loadAccount(this.store, staffId);
      // Only active staff who may still read alerts: a lost privilege stops the mails with the screen.
      if (account.userType !== 1 || !account.active || !account.email) continue;
      if (!(await rolesOf(this.store, account.roleIds)).privileges.includes('alerts.read')) continue;
      const stationName = station?.data ? (account.locale === 'ar' ? station.data.nameAr : station.data.nameEn) : null;
      try {
        await this.identity.mailer.send(
          alertMail({
            to: account.email,
            locale: account.locale,
            about,
            alertId,
            kind,
            chargerId,
            stationName,
            cause: alert.cause,
            resolution,
            publicUrl: this.identity.settings.publicUrl,
          }),
        );
        staffIds.push(staffId);
      } catch (e) {
        error = (e instanceof Error ? e.message : String(e)).slice(0, 300);
        log.warn('alert mail not sent', { alertId, staffId, error });
      }
    }
    const outcome = error ? 'failed' : staffIds.length ? 'sent' : 'none';
    const system: CommandContext = {
      actor: { type: 'system', id: 'mailer' },
      correlationId: context.correlationId,
      causationId: alertId,
      reason: 'alert mail',
    };
    await decideAndAppend(
      this.store,
      streamId,
      alertDecider,
      { kind: 'mailed', alertId, about, staffIds, outcome, error, at: this.now() },
      system,
      {
        clock: this.clock,
      },
    );
  }
}
