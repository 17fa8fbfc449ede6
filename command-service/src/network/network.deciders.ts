import type { RegisterCharger, RegisterStation, SetPricing } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { createOnceDecider } from '../shared/create-once.decider';
import { DomainError } from '../shared/domain-error';

export const stationDecider = createOnceDecider<'StationRegistered', RegisterStation>('StationRegistered', 'network.station_exists');
export const chargerDecider = createOnceDecider<'ChargerRegistered', RegisterCharger>('ChargerRegistered', 'network.charger_exists');

/** Holds a serial number for one charger id, so two chargers cannot share a serial. */
type SerialReserved = { type: 'ChargerSerialReserved'; data: { serialNumber: string; chargerId: string } };
export const serialDecider: Decider<SerialReserved['data'], SerialReserved, { chargerId: string | null }> = {
  initialState: { chargerId: null },
  evolve: (_state, event) => ({ chargerId: event.data.chargerId }),
  decide(command, state) {
    if (state.chargerId === null) return [{ type: 'ChargerSerialReserved', data: command }];
    if (state.chargerId === command.chargerId) return [];
    throw new DomainError('network.charger_exists', 'Charger already exists');
  },
};

type PricingSetEvent = { type: 'PricingSet'; data: SetPricing };
/** Network pricing: every change is an event; identical prices are not recorded twice. */
export const pricingDecider: Decider<SetPricing, PricingSetEvent, { current: SetPricing | null }> = {
  initialState: { current: null },
  evolve: (_state, event) => ({ current: event.data }),
  decide(command, state) {
    if (state.current && JSON.stringify(state.current) === JSON.stringify(command)) return [];
    return [{ type: 'PricingSet', data: command }];
  },
};
