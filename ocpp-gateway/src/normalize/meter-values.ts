import type { MeterSample } from '@evc/contracts';
import { isoTime } from './common';

/** What both protocols' SampledValue share (same names in 1.6 and 2.0.1); the value and its unit differ. */
interface Sampled {
  measurand?: string;
  phase?: string;
}

const ENERGY = 'Energy.Active.Import.Register';
const POWER = 'Power.Active.Import';
const SOC = 'SoC';

/**
 * MeterValue[] → samples in Wh, W and %: one per MeterValue whose time is readable and that carries the energy
 * register, the power or the SoC. A value without a measurand is the energy register (both protocols' default);
 * values per phase are left out (totals only); `valueOf` (the version's reader) gives a value in Wh, W or %, or null
 * when it is not a number. Rounded to integers.
 */
export function meterSamples<V extends Sampled>(
  meterValues: readonly { timestamp: string; sampledValue: readonly V[] }[] | undefined,
  valueOf: (v: V) => number | null,
): MeterSample[] {
  const samples: MeterSample[] = [];
  for (const mv of meterValues ?? []) {
    const timestamp = isoTime(mv.timestamp);
    if (!timestamp) continue;
    let energyWh: number | null = null;
    let powerW: number | null = null;
    let socPercent: number | null = null;
    for (const v of mv.sampledValue) {
      if (v.phase !== undefined) continue;
      const value = valueOf(v);
      if (value === null) continue;
      const measurand = v.measurand ?? ENERGY;
      if (measurand === ENERGY) energyWh = Math.round(value);
      else if (measurand === POWER) powerW = Math.round(value);
      else if (measurand === SOC) socPercent = Math.round(value);
    }
    if (energyWh !== null || powerW !== null || socPercent !== null) samples.push({ timestamp, energyWh, powerW, socPercent });
  }
  return samples;
}

/** kWh and kW in Wh and W; any other unit (Wh, W, Percent, none) is taken as it is. */
export const unitScale = (unit: string | undefined): number => (unit === 'kWh' || unit === 'kW' ? 1000 : 1);

/** A number, or null when it is not a finite one. */
export const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);
