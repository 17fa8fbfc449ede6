import {
  limitAt,
  sharePower,
  type GridLimitPeriod,
  type PowerAllotment,
  type PowerDemand,
  type PowerShareCause,
  type ProfileAnswerStatus,
  type SmartChargingEvent,
} from '@evc/contracts';
import type { Decider } from '../shared/decider';

/** A session charging at the station, with what the sharing needs to know of its connector. */
export type ChargingMember = Omit<PowerDemand, 'refusesProfiles'>;

/**
 * What `site-power-<stationId>` is asked. Every command carries the sessions charging at the station now (the
 * consumer's picture, in the order they started) and the time: the decider shares again and records a PowerShared
 * only when a share or the limit in force changed, so a repeat or a replay records nothing.
 */
export type SitePowerCommand =
  | { kind: 'set-limit'; stationId: string; limitW: number; periods: GridLimitPeriod[]; members: ChargingMember[]; at: string }
  | { kind: 'share'; stationId: string; cause: PowerShareCause; members: ChargingMember[]; at: string }
  | {
      kind: 'profile-answer';
      stationId: string;
      answer: { chargerId: string; connectorId: number; sessionId: string; commandId: string; limitW: number; status: ProfileAnswerStatus };
      members: ChargingMember[];
      at: string;
    };

export interface SitePowerState {
  stationId: string | null;
  /** 0: no limit. */
  limitW: number;
  periods: GridLimitPeriod[];
  /** The last recomputation: the limit then in force and the shares. */
  effectiveLimitW: number;
  allotments: PowerAllotment[];
  /** Chargers that refused a profile, with their answer: counted at full power until one accepts a profile. */
  refusing: Record<string, ProfileAnswerStatus>;
}

/** A charger's answer that means it will not hold to a profile. */
export const refuses = (status: ProfileAnswerStatus): boolean => status === 'Rejected' || status === 'NotSupported';

const same = (a: PowerAllotment[], b: PowerAllotment[]) => JSON.stringify(a) === JSON.stringify(b);

/** The PowerShared the state and members call for, or nothing when the limit in force and every share are as recorded. */
function shared(
  state: SitePowerState,
  stationId: string,
  cause: PowerShareCause,
  members: ChargingMember[],
  at: string,
): SmartChargingEvent[] {
  const effectiveLimitW = limitAt(state.limitW, state.periods, at);
  const allotments =
    effectiveLimitW === 0
      ? []
      : sharePower(
          effectiveLimitW,
          members.map((m) => ({ ...m, refusesProfiles: m.chargerId in state.refusing })),
        );
  if (effectiveLimitW === state.effectiveLimitW && same(allotments, state.allotments)) return [];
  return [{ type: 'PowerShared', data: { stationId, cause, effectiveLimitW, allotments } }];
}

/**
 * A station's grid limit and how it is shared. The limit is staff's; the shares follow from it, the sessions charging
 * and the chargers' answers, recomputed as one PowerShared per change (one event per recomputation).
 */
export const sitePowerDecider: Decider<SitePowerCommand, SmartChargingEvent, SitePowerState> = {
  initialState: { stationId: null, limitW: 0, periods: [], effectiveLimitW: 0, allotments: [], refusing: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'SiteGridLimitSet':
        return { ...state, stationId: event.data.stationId, limitW: event.data.limitW, periods: event.data.periods };
      case 'SiteGridLimitRemoved':
        return { ...state, stationId: event.data.stationId, limitW: 0, periods: [] };
      case 'PowerShared':
        return {
          ...state,
          stationId: event.data.stationId,
          effectiveLimitW: event.data.effectiveLimitW,
          allotments: event.data.allotments,
        };
      case 'ChargingProfileAnswered': {
        const { chargerId, status } = event.data;
        if (refuses(status)) return { ...state, refusing: { ...state.refusing, [chargerId]: status } };
        if (status !== 'Accepted' || !(chargerId in state.refusing)) return state;
        const { [chargerId]: _gone, ...refusing } = state.refusing;
        return { ...state, refusing };
      }
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'set-limit': {
        const { stationId, limitW, periods, members, at } = command;
        if (limitW === state.limitW && JSON.stringify(periods) === JSON.stringify(state.periods)) return [];
        const set: SmartChargingEvent =
          limitW === 0
            ? { type: 'SiteGridLimitRemoved', data: { stationId } }
            : { type: 'SiteGridLimitSet', data: { stationId, limitW, periods } };
        return [set, ...shared(sitePowerDecider.evolve(state, set), stationId, 'limit-changed', members, at)];
      }
      case 'share':
        return shared(state, command.stationId, command.cause, command.members, command.at);
      case 'profile-answer': {
        const { stationId, answer, members, at } = command;
        const answered: SmartChargingEvent = { type: 'ChargingProfileAnswered', data: { stationId, ...answer } };
        return [answered, ...shared(sitePowerDecider.evolve(state, answered), stationId, 'charger-answer', members, at)];
      }
    }
  },
};
