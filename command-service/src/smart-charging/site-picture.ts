import type { ConnectorSpec, EventTypeMap, GridLimitPeriod } from '@evc/contracts';
import { SMART_CHARGING_RULES } from '@evc/contracts';
import type { RecordedEvent } from '@evc/platform';
import type { ChargingMember } from './site-power.decider';

/** A profile sent, until its answer is recorded. */
export interface SentProfile {
  stationId: string;
  chargerId: string;
  connectorId: number;
  sessionId: string;
  limitW: number;
}

interface ChargerFacts {
  stationId: string;
  connectors: Map<number, { minW: number; maxW: number }>;
  online: boolean;
  /** When it dropped off (ms), while it is off. */
  offlineSince: number | null;
}
interface SessionFacts {
  stationId: string;
  chargerId: string;
  connectorId: number;
  transactionId: string | null;
}

/** What a station's sharing is told changed, by an event read from the log. */
export type PictureChange =
  | { kind: 'started' | 'ended'; stationId: string; sessionId: string }
  | { kind: 'booted' | 'connected' | 'disconnected'; stationId: string; chargerId: string }
  | { kind: 'answered'; commandId: string; status: string }
  | { kind: 'limit'; stationId: string };

const minOf = (c: ConnectorSpec, dcMinW: number) => (c.current === 'AC' ? SMART_CHARGING_RULES.acMinW : dcMinW);

/**
 * What smart charging knows of the network, folded from the log in this process: chargers' connectors and
 * presence, the sessions charging at each station in the order they began, each station's limit, and the profiles
 * sent and not yet answered. It is rebuilt from the log at each start; the site-power streams record the decisions.
 */
export class SitePicture {
  private readonly chargers = new Map<string, ChargerFacts>();
  private readonly sessions = new Map<string, SessionFacts>();
  /** Station → its charging sessions, in the order they started. */
  private readonly charging = new Map<string, Set<string>>();
  private readonly limits = new Map<string, { limitW: number; periods: GridLimitPeriod[] }>();
  readonly profiles = new Map<string, SentProfile>();

  constructor(private readonly dcMinW: number = SMART_CHARGING_RULES.dcMinW) {}

  /** Folds one event in; answers what changed for a station's sharing, if anything. */
  apply(event: RecordedEvent, now: number): PictureChange | null {
    switch (event.type) {
      case 'ChargerRegistered':
      case 'ChargerUpdated': {
        const d = event.data as EventTypeMap['ChargerRegistered'];
        const known = this.chargers.get(d.chargerId);
        const stationId = d.stationId ?? known?.stationId;
        if (!stationId) return null;
        const connectors = new Map(
          d.connectors.map((c) => [c.connectorId, { minW: minOf(c, this.dcMinW), maxW: Math.round(c.maxPowerKw * 1000) }]),
        );
        this.chargers.set(d.chargerId, {
          stationId,
          connectors,
          online: known?.online ?? false,
          offlineSince: known?.offlineSince ?? null,
        });
        return null;
      }
      case 'SessionRequested': {
        const d = event.data as EventTypeMap['SessionRequested'];
        this.sessions.set(d.sessionId, { stationId: d.stationId, chargerId: d.chargerId, connectorId: d.connectorId, transactionId: null });
        return null;
      }
      case 'SessionCharging': {
        const d = event.data as EventTypeMap['SessionCharging'];
        const s = this.sessions.get(d.sessionId);
        if (!s) return null;
        s.transactionId = d.transactionId;
        const at = this.charging.get(s.stationId) ?? new Set<string>();
        this.charging.set(s.stationId, at);
        if (at.has(d.sessionId)) return null;
        at.add(d.sessionId);
        return { kind: 'started', stationId: s.stationId, sessionId: d.sessionId };
      }
      case 'SessionStopped':
      case 'SessionStartFailed': {
        const { sessionId } = event.data as { sessionId: string };
        const s = this.sessions.get(sessionId);
        this.sessions.delete(sessionId);
        if (!s || !this.charging.get(s.stationId)?.delete(sessionId)) return null;
        return { kind: 'ended', stationId: s.stationId, sessionId };
      }
      case 'ChargerConnected':
      case 'ChargerDisconnected':
      case 'ChargerBooted': {
        const { chargerId } = event.data as { chargerId: string };
        const c = this.chargers.get(chargerId);
        if (!c) return null;
        if (event.type === 'ChargerDisconnected') {
          c.online = false;
          c.offlineSince = now;
          return { kind: 'disconnected', stationId: c.stationId, chargerId };
        }
        c.online = true;
        c.offlineSince = null;
        return { kind: event.type === 'ChargerBooted' ? 'booted' : 'connected', stationId: c.stationId, chargerId };
      }
      case 'SiteGridLimitSet':
      case 'SiteGridLimitRemoved': {
        const d = event.data as { stationId: string; limitW?: number; periods?: GridLimitPeriod[] };
        if (d.limitW) this.limits.set(d.stationId, { limitW: d.limitW, periods: d.periods ?? [] });
        else this.limits.delete(d.stationId);
        return { kind: 'limit', stationId: d.stationId };
      }
      case 'ChargerCommandAnswered': {
        const d = event.data as EventTypeMap['ChargerCommandAnswered'];
        return this.profiles.has(d.commandId) ? { kind: 'answered', commandId: d.commandId, status: d.status } : null;
      }
      default:
        return null;
    }
  }

  limited(stationId: string): boolean {
    return this.limits.has(stationId);
  }

  /** Stations with a limit, and whether they have lower limits for parts of the day. */
  limitedStations(): { stationId: string; periods: boolean }[] {
    return [...this.limits].map(([stationId, l]) => ({ stationId, periods: l.periods.length > 0 }));
  }

  /**
   * The sessions sharing the station's limit now, in the order they started. A session whose charger dropped off keeps
   * its share for `reserveMs`, then is left out until the charger speaks again or the session ends.
   */
  members(stationId: string, now: number, reserveMs: number = SMART_CHARGING_RULES.offlineReserveMs): ChargingMember[] {
    const out: ChargingMember[] = [];
    for (const sessionId of this.charging.get(stationId) ?? []) {
      const s = this.sessions.get(sessionId);
      if (!s) continue;
      const charger = this.chargers.get(s.chargerId);
      const connector = charger?.connectors.get(s.connectorId);
      if (!charger || !connector) continue;
      if (charger.offlineSince !== null && now - charger.offlineSince >= reserveMs) continue;
      out.push({ chargerId: s.chargerId, connectorId: s.connectorId, sessionId, minW: connector.minW, maxW: connector.maxW });
    }
    return out;
  }

  /** Whether a charger at the station has been off longer than `reserveMs` while one of its sessions charges. */
  hasTimedOutCharger(stationId: string, now: number, reserveMs: number = SMART_CHARGING_RULES.offlineReserveMs): boolean {
    for (const sessionId of this.charging.get(stationId) ?? []) {
      const c = this.chargers.get(this.sessions.get(sessionId)?.chargerId ?? '');
      if (c?.offlineSince != null && now - c.offlineSince >= reserveMs) return true;
    }
    return false;
  }

  transactionOf(sessionId: string): string | null {
    return this.sessions.get(sessionId)?.transactionId ?? null;
  }

  /** The station's chargers that are online now. */
  onlineChargers(stationId: string): string[] {
    return [...this.chargers].filter(([, c]) => c.stationId === stationId && c.online).map(([id]) => id);
  }

  stationOf(chargerId: string): string | null {
    return this.chargers.get(chargerId)?.stationId ?? null;
  }
}
