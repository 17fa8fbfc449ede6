import type { GridLimitPeriod } from './schemas';

export const smartChargingStreams = {
  /** A station's grid limit and every recomputation of how it is shared. */
  sitePower: (stationId: string) => `site-power-${stationId}`,
};

/** Why a station's power was shared again. */
export const POWER_SHARE_CAUSES = [
  'session-started',
  'session-ended',
  'limit-changed',
  'period-changed',
  'charger-answer',
  'charger-offline-timeout',
] as const;
export type PowerShareCause = (typeof POWER_SHARE_CAUSES)[number];

/** The charger's answer to a profile, or the network's own outcome (`NoAnswer`: offline or timed out). */
export const PROFILE_ANSWER_STATUSES = ['Accepted', 'Rejected', 'NotSupported', 'NoAnswer', 'Error'] as const;
export type ProfileAnswerStatus = (typeof PROFILE_ANSWER_STATUSES)[number];

/**
 * One charging connector's share. `waiting`: the share is below the connector's minimum, so it is given none and
 * waits for power. `counted: 'full-power'`: its charger refuses profiles, so it is counted at its full power (the
 * event's `reason` says which charger and why). `sharedWith`: how many other sessions share the station's limit.
 */
export interface PowerAllotment {
  chargerId: string;
  connectorId: number;
  sessionId: string;
  limitW: number;
  waiting: boolean;
  sharedWith: number;
  counted: 'profile' | 'full-power';
}

/** Events of `site-power-<stationId>`. `limitW` 0 means no limit; periods are in Cairo time. */
export type SiteGridLimitSet = {
  type: 'SiteGridLimitSet';
  data: { stationId: string; limitW: number; periods: GridLimitPeriod[] };
};
export type SiteGridLimitRemoved = { type: 'SiteGridLimitRemoved'; data: { stationId: string } };
/** One recomputation of the station's shares (the limit in force then, every charging connector's share). */
export type PowerShared = {
  type: 'PowerShared';
  data: { stationId: string; cause: PowerShareCause; effectiveLimitW: number; allotments: PowerAllotment[] };
};
/** A charger's answer to a profile sent to it (the command itself is on `charger-command-<commandId>`). */
export type ChargingProfileAnswered = {
  type: 'ChargingProfileAnswered';
  data: {
    stationId: string;
    chargerId: string;
    connectorId: number;
    sessionId: string;
    commandId: string;
    limitW: number;
    status: ProfileAnswerStatus;
  };
};

export type SmartChargingEvent = SiteGridLimitSet | SiteGridLimitRemoved | PowerShared | ChargingProfileAnswered;
