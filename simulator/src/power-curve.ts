/** What a simulated connector delivers: AC at a flat 22 kW, DC at 50 kW tapering after 80 % state of charge. */
export interface PowerProfile {
  current: 'AC' | 'DC';
  maxPowerW: number;
}

export const AC_22KW: PowerProfile = { current: 'AC', maxPowerW: 22_000 };
export const DC_50KW: PowerProfile = { current: 'DC', maxPowerW: 50_000 };
/** DC power at 100 % (the taper ends here). */
export const DC_TAIL_W = 5_000;

/**
 * Power drawn at a state of charge (percent). AC: flat, less a little above 95 % (down to 85 % of the maximum as the
 * car's charger balances cells). DC: the maximum up to 80 %, then linearly down to 5 kW at 100 %. Full: nothing.
 */
export function powerAt(profile: PowerProfile, socPct: number): number {
  if (socPct >= 100) return 0;
  if (profile.current === 'AC') return socPct <= 95 ? profile.maxPowerW : profile.maxPowerW * (1 - (0.15 * (socPct - 95)) / 5);
  if (socPct <= 80) return profile.maxPowerW;
  return profile.maxPowerW - ((profile.maxPowerW - DC_TAIL_W) * (socPct - 80)) / 20;
}

export interface BatteryState {
  /** Energy delivered so far in this session, Wh (fractional; the meter register shows it rounded). */
  energyWh: number;
  socPct: number;
  /** Power at the end of the step, W. */
  powerW: number;
}

/** Advances charging by `seconds` (in 1 s sub-steps, so the taper is followed closely). */
export function charge(state: BatteryState, profile: PowerProfile, capacityWh: number, seconds: number): BatteryState {
  let { energyWh, socPct } = state;
  for (let left = seconds; left > 0; left -= 1) {
    const dt = Math.min(1, left);
    const wh = (powerAt(profile, socPct) * dt) / 3600;
    energyWh += wh;
    socPct = Math.min(100, socPct + (wh / capacityWh) * 100);
  }
  return { energyWh, socPct, powerW: powerAt(profile, socPct) };
}

/** The profile of a charger: its spec, else from its id (the demo chargers are named …-AC1 / …-DC1). */
export const profileOf = (id: string, current?: 'AC' | 'DC', maxPowerKw?: number): PowerProfile => {
  const base = (current ?? (/DC/i.test(id) ? 'DC' : 'AC')) === 'DC' ? DC_50KW : AC_22KW;
  return maxPowerKw ? { ...base, maxPowerW: maxPowerKw * 1000 } : base;
};
