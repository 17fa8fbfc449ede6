import { describe, expect, it } from 'vitest';
import { SMART_CHARGING_RULES, type PowerShared, type SmartChargingEvent } from '@evc/contracts';
import { fold } from '../shared/decider';
import { DeciderSpecification } from '../shared/decider-specification';
import { sitePowerDecider as decider, type ChargingMember, type SitePowerCommand } from './site-power.decider';

const stationId = 'st-1';
const at = '2026-01-15T10:00:00.000Z'; // 12:00 in Cairo
const member = (n: number): ChargingMember => ({
  chargerId: `CP-${n}`,
  connectorId: 1,
  sessionId: `s-${n}`,
  minW: SMART_CHARGING_RULES.acMinW,
  maxW: 22_000,
});
const members = (n: number) => Array.from({ length: n }, (_, i) => member(i + 1));
const setLimit = (
  limitW: number,
  m: ChargingMember[] = [],
  periods: { from: string; to: string; limitW: number }[] = [],
): SitePowerCommand => ({
  kind: 'set-limit',
  stationId,
  limitW,
  periods,
  members: m,
  at,
});
const share = (
  m: ChargingMember[],
  cause: 'session-started' | 'session-ended' | 'period-changed' = 'session-started',
  when = at,
): SitePowerCommand => ({
  kind: 'share',
  stationId,
  cause,
  members: m,
  at: when,
});
const limited = (limitW: number): SmartChargingEvent[] => [{ type: 'SiteGridLimitSet', data: { stationId, limitW, periods: [] } }];

describe('site power decider', () => {
  it('records a limit and shares it between the sessions charging; the same limit again records nothing', () => {
    DeciderSpecification.for(decider)
      .given([])
      .when(setLimit(60_000, members(2)), setLimit(60_000, members(2)))
      .thenMatches([
        { type: 'SiteGridLimitSet', data: { stationId, limitW: 60_000, periods: [] } },
        {
          type: 'PowerShared',
          data: { cause: 'limit-changed', effectiveLimitW: 60_000, allotments: [{ limitW: 22_000 }, { limitW: 22_000 }] },
        },
      ]);
  });

  it('shares again when a session starts or ends, and records nothing when no share changed (a repeat, a replay)', () => {
    DeciderSpecification.for(decider)
      .given(limited(60_000))
      .when(share(members(6)), share(members(6)), share(members(5), 'session-ended'))
      .thenMatches([
        { type: 'PowerShared', data: { cause: 'session-started', allotments: Array(6).fill({ limitW: 10_000, sharedWith: 5 }) } },
        { type: 'PowerShared', data: { cause: 'session-ended', allotments: Array(5).fill({ limitW: 12_000, sharedWith: 4 }) } },
      ]);
  });

  it('a station without a limit shares nothing; removing the limit records an empty share', () => {
    DeciderSpecification.for(decider)
      .given([])
      .when(share(members(3)))
      .thenNothingHappened();
    DeciderSpecification.for(decider)
      .given(limited(60_000))
      .when(share(members(1)), setLimit(0, members(1)))
      .thenMatches([
        { type: 'PowerShared' },
        { type: 'SiteGridLimitRemoved', data: { stationId } },
        { type: 'PowerShared', data: { cause: 'limit-changed', effectiveLimitW: 0, allotments: [] } },
      ]);
  });

  it('takes the evening period when its Cairo minute comes (period-changed), and the day limit after', () => {
    const evening = '2026-01-15T16:30:00.000Z'; // 18:30 in Cairo
    DeciderSpecification.for(decider)
      .given([])
      .when(
        setLimit(60_000, members(4), [{ from: '18:00', to: '22:00', limitW: 40_000 }]),
        share(members(4), 'period-changed'),
        share(members(4), 'period-changed', evening),
        share(members(4), 'period-changed', evening),
      )
      .thenMatches([
        { type: 'SiteGridLimitSet' },
        { type: 'PowerShared', data: { effectiveLimitW: 60_000, allotments: Array(4).fill({ limitW: 15_000 }) } },
        { type: 'PowerShared', data: { cause: 'period-changed', effectiveLimitW: 40_000, allotments: Array(4).fill({ limitW: 10_000 }) } },
      ]);
  });

  it('records each profile answer; a charger that refuses is counted at full power until it accepts one', () => {
    const answer = (status: 'Accepted' | 'NotSupported' | 'NoAnswer'): SitePowerCommand => ({
      kind: 'profile-answer',
      stationId,
      answer: { chargerId: 'CP-1', connectorId: 1, sessionId: 's-1', commandId: `c-${status}`, limitW: 20_000, status },
      members: members(3),
      at,
    });
    DeciderSpecification.for(decider)
      .given([...limited(60_000)])
      .when(share(members(3)), answer('NoAnswer'), answer('NotSupported'), answer('Accepted'))
      .thenMatches([
        { type: 'PowerShared', data: { allotments: Array(3).fill({ limitW: 20_000, counted: 'profile' }) } },
        { type: 'ChargingProfileAnswered', data: { status: 'NoAnswer' } },
        { type: 'ChargingProfileAnswered', data: { status: 'NotSupported' } },
        {
          type: 'PowerShared',
          data: {
            cause: 'charger-answer',
            allotments: [
              { chargerId: 'CP-1', limitW: 22_000, counted: 'full-power' },
              { limitW: 19_000, counted: 'profile' },
              { limitW: 19_000, counted: 'profile' },
            ],
          },
        },
        { type: 'ChargingProfileAnswered', data: { status: 'Accepted' } },
        { type: 'PowerShared', data: { cause: 'charger-answer', allotments: Array(3).fill({ limitW: 20_000, counted: 'profile' }) } },
      ]);
  });

  it('property: over random starts, stops and limit changes the recorded shares never sum above the limit in force', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let run = 0; run < 100; run++) {
      let history: SmartChargingEvent[] = [];
      let charging: ChargingMember[] = [];
      let next = 0;
      for (let step = 0; step < 40; step++) {
        const roll = rnd();
        let command: SitePowerCommand;
        if (roll < 0.45) {
          charging = [...charging, member(++next)];
          command = share(charging, 'session-started');
        } else if (roll < 0.8 && charging.length > 0) {
          charging = charging.filter((_, i) => i !== Math.floor(rnd() * charging.length));
          command = share(charging, 'session-ended');
        } else command = setLimit(Math.floor(rnd() * 100) * 1_000, charging);
        history = [...history, ...decider.decide(command, fold(decider, history))];
        const last = history.filter((e): e is PowerShared => e.type === 'PowerShared').at(-1);
        if (!last) continue;
        const sum = last.data.allotments.reduce((total, a) => total + a.limitW, 0);
        if (last.data.effectiveLimitW > 0) expect(sum).toBeLessThanOrEqual(last.data.effectiveLimitW);
        else expect(last.data.allotments).toEqual([]);
      }
    }
  });
});
