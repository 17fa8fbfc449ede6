import type {
  ChargerEvent,
  ChargerFields,
  ChargerSerialEvent,
  ConnectorSpec,
  PricingSet,
  RegisterCharger,
  RegisterStation,
  SetPricing,
  StationEvent,
} from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// Stations ------------------------------------------------------------------------------------------------------
export type StationData = RegisterStation;
export type { StationEvent };
export type StationCommand =
  | { kind: 'create'; data: StationData }
  | { kind: 'update'; data: StationData }
  | { kind: 'delete' }
  | { kind: 'attach'; chargerId: string }
  | { kind: 'detach'; chargerId: string };
export interface StationState {
  data: StationData | null;
  deleted: boolean;
  chargerIds: string[];
}

const stationNotFound = () => new DomainError('network.station_not_found', 'No such station', [{ path: 'stationId', code: 'not_found' }]);

export const stationDecider: Decider<StationCommand, StationEvent, StationState> = {
  initialState: { data: null, deleted: false, chargerIds: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'StationRegistered':
      case 'StationUpdated':
        return { ...state, data: event.data };
      case 'StationDeleted':
        return { ...state, deleted: true, chargerIds: [] };
      case 'ChargerAttached':
        return state.chargerIds.includes(event.data.chargerId)
          ? state
          : { ...state, chargerIds: [...state.chargerIds, event.data.chargerId] };
      case 'ChargerDetached':
        return { ...state, chargerIds: state.chargerIds.filter((id) => id !== event.data.chargerId) };
    }
  },
  decide(command, state) {
    const stationId = state.data?.stationId ?? '';
    switch (command.kind) {
      case 'create':
        if (state.data === null) return [{ type: 'StationRegistered', data: command.data }];
        if (!state.deleted && same(state.data, command.data)) return [];
        throw new DomainError('network.station_exists', 'Station already exists', [{ path: 'stationId', code: 'exists' }]);
      case 'update':
        if (!state.data || state.deleted) throw stationNotFound();
        return same(state.data, command.data) ? [] : [{ type: 'StationUpdated', data: command.data }];
      case 'delete':
        if (!state.data) throw stationNotFound();
        return state.deleted ? [] : [{ type: 'StationDeleted', data: { stationId, chargerIds: state.chargerIds } }];
      case 'attach':
        if (!state.data || state.deleted) throw stationNotFound();
        return state.chargerIds.includes(command.chargerId)
          ? []
          : [{ type: 'ChargerAttached', data: { stationId, chargerId: command.chargerId } }];
      case 'detach':
        return state.chargerIds.includes(command.chargerId)
          ? [{ type: 'ChargerDetached', data: { stationId, chargerId: command.chargerId } }]
          : [];
    }
  },
};

// Chargers ------------------------------------------------------------------------------------------------------
export type { ChargerEvent, ChargerFields };
export type ChargerCommand =
  | { kind: 'register'; data: RegisterCharger }
  | { kind: 'update'; data: ChargerFields & { chargerId: string } }
  | { kind: 'delete' }
  | { kind: 'rotate-secret'; secretHash: string };
export interface ChargerState {
  data: RegisterCharger | null;
  deleted: boolean;
}

const chargerNotFound = () => new DomainError('network.charger_not_found', 'No such charger', [{ path: 'chargerId', code: 'not_found' }]);
const chargerDeleted = () => new DomainError('network.charger_deleted', 'The charger is deleted', [{ path: 'chargerId', code: 'deleted' }]);
export const chargerExists = (path = 'chargerId') =>
  new DomainError('network.charger_exists', 'Charger already exists', [{ path, code: 'exists' }]);

export const chargerDecider: Decider<ChargerCommand, ChargerEvent, ChargerState> = {
  initialState: { data: null, deleted: false },
  evolve(state, event) {
    switch (event.type) {
      case 'ChargerRegistered':
        return { ...state, data: event.data };
      case 'ChargerUpdated':
        return { ...state, data: { ...state.data!, ...event.data } };
      case 'ChargerMarkedDeleted':
        return { ...state, deleted: true };
      case 'ChargerSecretRotated':
        return { ...state, data: { ...state.data!, secretHash: event.data.secretHash } };
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'register':
        if (state.data === null) return [{ type: 'ChargerRegistered', data: command.data }];
        if (!state.deleted && same(state.data, command.data)) return [];
        throw chargerExists();
      case 'update': {
        if (!state.data) throw chargerNotFound();
        if (state.deleted) throw chargerDeleted();
        const { chargerId: _id, stationId: _station, secretHash: _secret, ...current } = state.data;
        const { chargerId: _same, ...next } = command.data;
        return same(sortedKeys(current), sortedKeys(next)) ? [] : [{ type: 'ChargerUpdated', data: command.data }];
      }
      case 'delete':
        if (!state.data) throw chargerNotFound();
        return state.deleted
          ? []
          : [{ type: 'ChargerMarkedDeleted', data: { chargerId: state.data.chargerId, stationId: state.data.stationId } }];
      case 'rotate-secret':
        if (!state.data) throw chargerNotFound();
        if (state.deleted) throw chargerDeleted();
        return [{ type: 'ChargerSecretRotated', data: { chargerId: state.data.chargerId, secretHash: command.secretHash } }];
    }
  },
};

const sortedKeys = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
export type { ConnectorSpec };

// Serial numbers ------------------------------------------------------------------------------------------------
/** Holds a serial number for one charger id, so two chargers cannot share a serial. */
type SerialCommand = { serialNumber: string; chargerId: string; release?: boolean };
export const serialDecider: Decider<SerialCommand, ChargerSerialEvent, { chargerId: string | null }> = {
  initialState: { chargerId: null },
  evolve: (_state, event) => ({ chargerId: event.type === 'ChargerSerialReserved' ? event.data.chargerId : null }),
  decide(command, state) {
    const { serialNumber, chargerId } = command;
    if (command.release) return state.chargerId === chargerId ? [{ type: 'ChargerSerialReleased', data: { serialNumber, chargerId } }] : [];
    if (state.chargerId === null) return [{ type: 'ChargerSerialReserved', data: { serialNumber, chargerId } }];
    if (state.chargerId === chargerId) return [];
    throw new DomainError('network.charger_exists', 'Charger already exists', [{ path: 'serialNumber', code: 'exists' }]);
  },
};

// Pricing -------------------------------------------------------------------------------------------------------
/** Network pricing: every change is an event; identical prices are not recorded twice. */
export const pricingDecider: Decider<SetPricing, PricingSet, { current: SetPricing | null }> = {
  initialState: { current: null },
  evolve: (_state, event) => ({ current: event.data }),
  decide(command, state) {
    if (state.current && JSON.stringify(state.current) === JSON.stringify(command)) return [];
    return [{ type: 'PricingSet', data: command }];
  },
};
