import {
  networkStreams,
  type ChargerLiveEvent,
  type ChargerOperationsQuery,
  type ChargerOperationsView,
  type EventTypeMap,
} from '@evc/contracts';
import type { DocumentStore, EventStore, RecordedEvent } from '@evc/platform';
import { ApiException } from '@evc/platform/http/api-exception';
import { CHARGERS, OCPP_COMMANDS, SESSIONS } from '@evc/projections';
import type { ActorNames } from '../identity/index';
import { eventView, namesOf } from './event-view';
import type { Viewer } from './masking';

const DAY_MS = 86_400_000;
/** The default window: the last week. */
const DEFAULT_WINDOW_MS = 7 * DAY_MS;
/** Live events of one charger read for a window, at most (newest kept). */
const WINDOW_LIMIT = 10_000;
const LAST_EVENTS = 100;
/** Around a dropped session: from 10 minutes before its end to 1 minute after. */
const BEFORE_END_MS = 10 * 60_000;
const AFTER_END_MS = 60_000;
/** Stops that are not the charger dropping the session. */
const EXPECTED_STOPS = new Set(['customer', 'staff', 'low_balance', 'target_reached']);

type Live = RecordedEvent<EventTypeMap[ChargerLiveEvent['type']]> & { type: ChargerLiveEvent['type'] };
const isLive = (e: RecordedEvent): e is Live =>
  ['ChargerConnected', 'ChargerDisconnected', 'ChargerBooted', 'ConnectorStatusChanged'].includes(e.type);

/** What a live event says in a line (dropped sessions' "around"). */
function detailOf(e: Live): string | null {
  switch (e.type) {
    case 'ChargerConnected':
      return (e.data as EventTypeMap['ChargerConnected']).protocol;
    case 'ChargerDisconnected':
      return (e.data as EventTypeMap['ChargerDisconnected']).reason;
    case 'ChargerBooted':
      return (e.data as EventTypeMap['ChargerBooted']).reason;
    case 'ConnectorStatusChanged': {
      const d = e.data as EventTypeMap['ConnectorStatusChanged'];
      return [`#${d.connectorId} ${d.ocppStatus}`, d.error?.code, d.error?.vendorErrorCode, d.error?.info].filter(Boolean).join(' · ');
    }
  }
}

/**
 * The charger's operations view: from `charger-live-<id>` in the window, its connections (connected → disconnected,
 * closed or silent), boots and faults (with the vendor's code, until the connector reports no fault); the sessions on
 * it that ended other than as asked, each with what the charger did around its end; and its last hundred events
 * (its own streams, its commands, its latest sessions).
 */
export class ChargerOperations {
  constructor(
    private readonly store: EventStore,
    private readonly documents: DocumentStore,
    private readonly names: ActorNames,
  ) {}

  async view(chargerId: string, q: ChargerOperationsQuery, viewer: Viewer, now = new Date()): Promise<ChargerOperationsView> {
    const charger = await CHARGERS.in(this.documents).findOne({ _id: chargerId }, { projection: { stationId: 1, online: 1 } });
    const to = q.to ?? now.toISOString();
    const from = q.from ?? new Date(Date.parse(to) - DEFAULT_WINDOW_MS).toISOString();
    const [after, before] = await Promise.all([
      this.store.positionAt(from),
      this.store.positionAt(new Date(Date.parse(to) + 1).toISOString()),
    ]);
    const live = (
      await this.store.readIndexBackward(
        { kind: 'stream', streamId: networkStreams.chargerLive(chargerId) },
        { after: after - 1, before, maxCount: WINDOW_LIMIT },
      )
    )
      .filter(isLive)
      .reverse();
    const events = await this.lastEvents(chargerId);
    if (!charger && events.length === 0) throw new ApiException('network.charger_not_found', 'No such charger');
    const names = await namesOf(this.names, events, viewer);
    return {
      chargerId,
      stationId: charger?.stationId ?? null,
      online: charger?.online ?? false,
      from,
      to,
      ...history(live),
      dropped: await this.dropped(chargerId, from, to, live),
      events: events.map((e) => eventView(e, viewer, names)),
    };
  }

  /** Sessions on the charger that ended in the window other than at someone's request, newest first (at most 50). */
  private async dropped(chargerId: string, from: string, to: string, live: readonly Live[]): Promise<ChargerOperationsView['dropped']> {
    const sessions = await SESSIONS.in(this.documents)
      .find(
        { chargerId, requestedAt: { $lte: to }, $or: [{ status: 'failed' }, { stopReason: { $nin: [...EXPECTED_STOPS, null] } }] },
        { sort: { requestedAt: -1 }, limit: 50 },
      )
      .toArray();
    const out: ChargerOperationsView['dropped'] = [];
    for (const s of sessions) {
      const tail = await this.store.readIndexBackward({ kind: 'stream', streamId: `session-${s.sessionId}` }, { maxCount: 4 });
      const stopped = tail.find((e) => e.type === 'SessionStopped') as RecordedEvent<EventTypeMap['SessionStopped']> | undefined;
      const failed = tail.find((e) => e.type === 'SessionStartFailed');
      // The server's time of the end, like the live events around it (a charger's own clock may be off).
      const endedAt = stopped?.metadata.occurredAt ?? failed?.metadata.occurredAt ?? s.stoppedAt ?? s.requestedAt;
      if (endedAt < from || endedAt > to) continue;
      const end = Date.parse(endedAt);
      const around = live
        .filter(
          (e) =>
            e.type !== 'ConnectorStatusChanged' ||
            (e.data as EventTypeMap['ConnectorStatusChanged']).error !== null ||
            (e.data as EventTypeMap['ConnectorStatusChanged']).connectorId === s.connectorId,
        )
        .filter((e) => {
          const at = Date.parse(e.metadata.occurredAt || e.recordedAt);
          return at >= end - BEFORE_END_MS && at <= end + AFTER_END_MS;
        })
        .map((e) => ({ at: e.metadata.occurredAt || e.recordedAt, type: e.type, position: e.position, detail: detailOf(e) }));
      out.push({
        sessionId: s.sessionId,
        connectorId: s.connectorId,
        status: s.status,
        stopReason: s.stopReason,
        failure: s.failure,
        chargerReason: stopped?.data.chargerReason ?? null,
        endedAt,
        around,
      });
    }
    return out;
  }

  /** The newest hundred events of the charger's streams, its latest commands and its latest sessions. */
  private async lastEvents(chargerId: string): Promise<RecordedEvent[]> {
    const [commands, sessions] = await Promise.all([
      OCPP_COMMANDS.in(this.documents)
        .find({ chargerId }, { sort: { requestedAt: -1 }, limit: 30, projection: { _id: 1 } })
        .toArray(),
      SESSIONS.in(this.documents)
        .find({ chargerId }, { sort: { requestedAt: -1 }, limit: 5, projection: { _id: 1 } })
        .toArray(),
    ]);
    const streams = [
      networkStreams.charger(chargerId),
      networkStreams.chargerLive(chargerId),
      ...commands.map((c) => networkStreams.chargerCommand(c._id)),
      ...sessions.map((s) => `session-${s._id}`),
    ];
    const read = await Promise.all(
      streams.map((streamId) => this.store.readIndexBackward({ kind: 'stream', streamId }, { maxCount: LAST_EVENTS })),
    );
    return read
      .flat()
      .sort((a, b) => b.position - a.position)
      .slice(0, LAST_EVENTS);
  }
}

/** Connections, boots and faults from a charger's live events (oldest first in, newest first out). */
export function history(live: readonly Live[]): Pick<ChargerOperationsView, 'connections' | 'boots' | 'faults'> {
  const connections: ChargerOperationsView['connections'] = [];
  const open = new Map<string, ChargerOperationsView['connections'][number]>();
  const boots: ChargerOperationsView['boots'] = [];
  const faults: ChargerOperationsView['faults'] = [];
  const openFault = new Map<number, ChargerOperationsView['faults'][number]>();
  for (const e of live) {
    const at = (e.data as { at?: string }).at ?? e.metadata.occurredAt;
    if (e.type === 'ChargerConnected') {
      const d = e.data as EventTypeMap['ChargerConnected'];
      const c = { connectionId: d.connectionId, protocol: d.protocol, connectedAt: at, disconnectedAt: null, reason: null };
      connections.push(c);
      open.set(d.connectionId, c);
    } else if (e.type === 'ChargerDisconnected') {
      const d = e.data as EventTypeMap['ChargerDisconnected'];
      const c = open.get(d.connectionId);
      if (c) {
        c.disconnectedAt = at;
        c.reason = d.reason;
        open.delete(d.connectionId);
      } else connections.push({ connectionId: d.connectionId, protocol: '', connectedAt: null, disconnectedAt: at, reason: d.reason });
    } else if (e.type === 'ChargerBooted') {
      const d = e.data as EventTypeMap['ChargerBooted'];
      boots.push({
        at,
        reason: d.reason,
        vendor: d.vendor,
        model: d.model,
        firmwareVersion: d.firmwareVersion,
        connectionId: d.connectionId,
      });
    } else {
      const d = e.data as EventTypeMap['ConnectorStatusChanged'];
      const current = openFault.get(d.connectorId);
      if (current && current.code !== d.error?.code) {
        current.clearedAt = at;
        openFault.delete(d.connectorId);
      }
      if (d.error && !openFault.has(d.connectorId)) {
        const fault = {
          at,
          connectorId: d.connectorId,
          status: d.status,
          ocppStatus: d.ocppStatus,
          code: d.error.code,
          info: d.error.info,
          vendorErrorCode: d.error.vendorErrorCode,
          clearedAt: null,
        };
        faults.push(fault);
        openFault.set(d.connectorId, fault);
      }
    }
  }
  return { connections: connections.reverse(), boots: boots.reverse(), faults: faults.reverse() };
}
