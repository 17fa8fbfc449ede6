import {
  firmwareWaves,
  isFirmwareFailure,
  type CampaignChargerState,
  type CampaignFirmware,
  type CampaignStatus,
  type ChargerCommandOutcome,
  type ConnectorStatus,
  type FirmwareCampaignEvent,
  type FirmwareFailureCause,
  type FirmwareStatus,
} from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/** What a charger looks like to the campaign at a tick: reachable, and whether a car is on it. */
export interface ChargerNow {
  online: boolean;
  charging: boolean;
}

/**
 * The campaign's process manager as a decider. Staff start it; the sweep ticks it with the time and the chargers'
 * live state (who is online, who is charging); the chargers' reports (firmware status, boots) and the outcomes of
 * its UpdateFirmware commands come in as they happen. Time is always an input, never read here.
 */
export type FirmwareCampaignCommand =
  | {
      kind: 'start';
      campaignId: string;
      firmware: CampaignFirmware;
      chargerIds: string[];
      firstWavePercent: number;
      updateTimeoutMs: number;
      at: string;
    }
  /** `commandIds`: a fresh id for each charger of the wave that may be sent UpdateFirmware now. */
  | { kind: 'tick'; at: string; chargers: Record<string, ChargerNow>; commandIds: Record<string, string> }
  | { kind: 'status'; chargerId: string; status: FirmwareStatus; reportedStatus: string; requestId: number | null; at: string }
  | { kind: 'booted'; chargerId: string; firmwareVersion: string | null; at: string }
  | { kind: 'command-outcome'; chargerId: string; commandId: string; status: ChargerCommandOutcome; error: string | null; at: string };

export interface CampaignCharger {
  wave: number;
  state: CampaignChargerState;
  requestId: number;
  commandId: string | null;
  requestedAt: string | null;
  waitingBecause: 'charging' | 'offline' | null;
  reportedStatus: string | null;
  /** Reported Installed; booted with the campaign's version. Updated when both. */
  installed: boolean;
  rebooted: boolean;
}

export interface FirmwareCampaignState {
  status: 'none' | CampaignStatus;
  campaignId: string;
  firmware: CampaignFirmware | null;
  firstWavePercent: number;
  waves: string[][];
  wave: number;
  updateTimeoutMs: number;
  chargers: Record<string, CampaignCharger>;
}

/** A connector with a car on it: the charger is not updated until every connector is free of one. */
const BUSY: readonly ConnectorStatus[] = ['preparing', 'charging', 'suspended', 'finishing'];
export const hasCarOn = (connectors: Record<number, ConnectorStatus>) => Object.values(connectors).some((s) => BUSY.includes(s));

/** A 2.0.1 requestId for one charger of one campaign: a report about an older campaign's update is told apart. */
export function requestIdOf(campaignId: string, chargerId: string): number {
  let h = 0x811c9dc5;
  const key = `${campaignId}/${chargerId}`;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 1 || 1;
}

/** States in which UpdateFirmware went out and the charger has not finished. */
const UNDER_WAY: readonly CampaignChargerState[] = ['requested', 'downloading', 'downloaded', 'installing', 'installed'];
const underWay = (c: CampaignCharger | undefined): c is CampaignCharger => !!c && UNDER_WAY.includes(c.state);
const STATE_OF: Partial<Record<FirmwareStatus, CampaignChargerState>> = {
  downloading: 'downloading',
  downloaded: 'downloaded',
  installing: 'installing',
  installed: 'installed',
};

const initialState: FirmwareCampaignState = {
  status: 'none',
  campaignId: '',
  firmware: null,
  firstWavePercent: 0,
  waves: [],
  wave: 0,
  updateTimeoutMs: 0,
  chargers: {},
};

function evolve(state: FirmwareCampaignState, event: FirmwareCampaignEvent): FirmwareCampaignState {
  const charger = (id: string, change: Partial<CampaignCharger>): FirmwareCampaignState => ({
    ...state,
    chargers: { ...state.chargers, [id]: { ...state.chargers[id]!, ...change } },
  });
  switch (event.type) {
    case 'FirmwareCampaignStarted': {
      const { campaignId, firmware, waves, firstWavePercent, updateTimeoutMs } = event.data;
      const chargers: Record<string, CampaignCharger> = {};
      waves.forEach((ids, wave) => {
        for (const id of ids)
          chargers[id] = {
            wave,
            state: 'queued',
            requestId: requestIdOf(campaignId, id),
            commandId: null,
            requestedAt: null,
            waitingBecause: null,
            reportedStatus: null,
            installed: false,
            rebooted: false,
          };
      });
      return { status: 'running', campaignId, firmware, firstWavePercent, waves, wave: 0, updateTimeoutMs, chargers };
    }
    case 'FirmwareWaveStarted':
      return { ...state, wave: event.data.wave };
    case 'FirmwareUpdateWaiting':
      return charger(event.data.chargerId, { state: 'waiting', waitingBecause: event.data.because });
    case 'FirmwareUpdateRequested':
      return charger(event.data.chargerId, {
        state: 'requested',
        commandId: event.data.commandId,
        requestedAt: event.data.at,
        waitingBecause: null,
      });
    case 'FirmwareUpdateRequeued':
      return charger(event.data.chargerId, { state: 'queued', commandId: null, requestedAt: null });
    case 'FirmwareStatusChanged': {
      const installed = state.chargers[event.data.chargerId]!.installed || event.data.status === 'installed';
      return charger(event.data.chargerId, { state: event.data.state, reportedStatus: event.data.reportedStatus, installed });
    }
    case 'FirmwareChargerRebooted':
      return charger(event.data.chargerId, { rebooted: true, ...(event.data.updated ? { state: 'updated' } : {}) });
    case 'FirmwareChargerFailed':
      return charger(event.data.chargerId, { state: 'failed' });
    case 'FirmwareWaveCompleted':
      return state;
    case 'FirmwareCampaignStopped':
      return { ...state, status: 'stopped' };
    case 'FirmwareCampaignCompleted':
      return { ...state, status: 'completed' };
  }
}

/** A charger failed: it is marked failed and, while the campaign runs, the campaign stops (no further charger is asked). */
function failed(state: FirmwareCampaignState, chargerId: string, cause: FirmwareFailureCause, detail: string | null, at: string) {
  const campaignId = state.campaignId;
  const events: FirmwareCampaignEvent[] = [{ type: 'FirmwareChargerFailed', data: { campaignId, chargerId, cause, detail, at } }];
  if (state.status === 'running')
    events.push({ type: 'FirmwareCampaignStopped', data: { campaignId, wave: state.wave, chargerId, cause, detail, at } });
  return events;
}

/** After `events`: the wave is done when each of its chargers is updated; then the next wave starts, or the campaign is over. */
function advanced(state: FirmwareCampaignState, events: FirmwareCampaignEvent[], at: string): FirmwareCampaignEvent[] {
  const after = events.reduce(evolve, state);
  if (after.status !== 'running') return events;
  const wave = after.waves[after.wave] ?? [];
  if (!wave.every((id) => after.chargers[id]?.state === 'updated')) return events;
  const { campaignId } = after;
  const next = after.wave + 1;
  const more: FirmwareCampaignEvent[] = [{ type: 'FirmwareWaveCompleted', data: { campaignId, wave: after.wave, at } }];
  more.push(
    next < after.waves.length
      ? { type: 'FirmwareWaveStarted', data: { campaignId, wave: next, chargerIds: after.waves[next]!, at } }
      : { type: 'FirmwareCampaignCompleted', data: { campaignId, at } },
  );
  return [...events, ...more];
}

function start(command: Extract<FirmwareCampaignCommand, { kind: 'start' }>, state: FirmwareCampaignState): FirmwareCampaignEvent[] {
  const { campaignId, firmware, chargerIds, firstWavePercent, updateTimeoutMs, at } = command;
  const waves = firmwareWaves(chargerIds, firstWavePercent);
  if (state.status !== 'none') {
    const same =
      state.firmware?.firmwareId === firmware.firmwareId &&
      state.firstWavePercent === firstWavePercent &&
      JSON.stringify(state.waves) === JSON.stringify(waves);
    if (same) return [];
    throw new DomainError('request.duplicate_id', 'This campaign id was used for another campaign', [
      { path: 'campaignId', code: 'duplicate' },
    ]);
  }
  return [
    { type: 'FirmwareCampaignStarted', data: { campaignId, firmware, waves, firstWavePercent, updateTimeoutMs, at } },
    { type: 'FirmwareWaveStarted', data: { campaignId, wave: 0, chargerIds: waves[0]!, at } },
  ];
}

/** Asks the wave's idle chargers, marks the others waiting (once per reason), and fails an update that took too long. */
function tick(command: Extract<FirmwareCampaignCommand, { kind: 'tick' }>, state: FirmwareCampaignState): FirmwareCampaignEvent[] {
  if (state.status !== 'running') return [];
  const { at, chargers, commandIds } = command;
  const { campaignId } = state;
  const now = Date.parse(at);
  const events: FirmwareCampaignEvent[] = [];
  for (const chargerId of state.waves[state.wave] ?? []) {
    const c = state.chargers[chargerId]!;
    if (underWay(c) && c.requestedAt && now - Date.parse(c.requestedAt) > state.updateTimeoutMs)
      return failed(state, chargerId, 'timeout', c.reportedStatus, at);
    if (c.state !== 'queued' && c.state !== 'waiting') continue;
    const live = chargers[chargerId] ?? { online: false, charging: false };
    const because = !live.online ? 'offline' : live.charging ? 'charging' : null;
    if (because) {
      if (c.waitingBecause !== because) events.push({ type: 'FirmwareUpdateWaiting', data: { campaignId, chargerId, because, at } });
      continue;
    }
    const commandId = commandIds[chargerId];
    if (commandId) events.push({ type: 'FirmwareUpdateRequested', data: { campaignId, chargerId, commandId, requestId: c.requestId, at } });
  }
  return events;
}

function status(command: Extract<FirmwareCampaignCommand, { kind: 'status' }>, state: FirmwareCampaignState): FirmwareCampaignEvent[] {
  const c = state.chargers[command.chargerId];
  if (!underWay(c) || c.reportedStatus === command.reportedStatus) return [];
  if (command.requestId !== null && command.requestId !== c.requestId) return []; // about another campaign's update
  const { chargerId, reportedStatus, at } = command;
  if (isFirmwareFailure(command.status)) {
    const changed: FirmwareCampaignEvent = {
      type: 'FirmwareStatusChanged',
      data: { campaignId: state.campaignId, chargerId, status: command.status, reportedStatus, state: c.state, at },
    };
    return [changed, ...failed(state, chargerId, command.status as FirmwareFailureCause, reportedStatus, at)];
  }
  const next = STATE_OF[command.status];
  if (!next) return []; // Idle: nothing under way says nothing about this update
  const done = next === 'installed' && c.rebooted;
  return advanced(
    state,
    [
      {
        type: 'FirmwareStatusChanged',
        data: { campaignId: state.campaignId, chargerId, status: command.status, reportedStatus, state: done ? 'updated' : next, at },
      },
    ],
    at,
  );
}

function booted(command: Extract<FirmwareCampaignCommand, { kind: 'booted' }>, state: FirmwareCampaignState): FirmwareCampaignEvent[] {
  const c = state.chargers[command.chargerId];
  if (!underWay(c) || c.rebooted) return [];
  const { chargerId, firmwareVersion, at } = command;
  if (firmwareVersion !== null && firmwareVersion === state.firmware?.version) {
    const rebooted: FirmwareCampaignEvent = {
      type: 'FirmwareChargerRebooted',
      data: { campaignId: state.campaignId, chargerId, firmwareVersion, updated: c.installed, at },
    };
    return advanced(state, [rebooted], at);
  }
  // A boot with another version after Installed: the charger did not take the new firmware.
  return c.installed ? failed(state, chargerId, 'wrong-version', firmwareVersion, at) : [];
}

function outcome(
  command: Extract<FirmwareCampaignCommand, { kind: 'command-outcome' }>,
  state: FirmwareCampaignState,
): FirmwareCampaignEvent[] {
  const c = state.chargers[command.chargerId];
  if (!c || c.commandId !== command.commandId || c.state !== 'requested' || command.status === 'accepted') return [];
  const { chargerId, commandId, at } = command;
  if (command.status === 'offline')
    return [{ type: 'FirmwareUpdateRequeued', data: { campaignId: state.campaignId, chargerId, commandId, at } }];
  return failed(state, chargerId, 'command-refused', command.error ?? command.status, at);
}

/** `firmware-campaign-<id>`: a campaign's waves, each charger's progress, and why it stopped. */
export const firmwareCampaignDecider: Decider<FirmwareCampaignCommand, FirmwareCampaignEvent, FirmwareCampaignState> = {
  initialState,
  evolve,
  decide(command, state) {
    if (command.kind === 'start') return start(command, state);
    if (state.status === 'none') throw new DomainError('firmware.campaign_not_found', 'No such campaign');
    switch (command.kind) {
      case 'tick':
        return tick(command, state);
      case 'status':
        return status(command, state);
      case 'booted':
        return booted(command, state);
      case 'command-outcome':
        return outcome(command, state);
    }
  },
};
