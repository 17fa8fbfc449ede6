import type { ContextParts } from '../shared/context-parts';
import {
  AddChargerHandler,
  DeleteChargerHandler,
  RegisterChargerHandler,
  RotateChargerSecretHandler,
  UpdateChargerHandler,
} from './charger.handlers';
import {
  DeleteGovernorateHandler,
  RegisterCountryHandler,
  RegisterGovernorateHandler,
  UpdateCountryHandler,
  UpdateGovernorateHandler,
} from './geography.handlers';
import { SetPricingHandler } from './network.handlers';
import { DeleteStationHandler, RegisterStationHandler, UpdateStationHandler } from './station.handlers';

/** Stations, chargers (with their serial reservations and keys), prices, and the countries and governorates stations are in. */
export const networkContext: ContextParts = {
  handlers: [
    RegisterStationHandler,
    UpdateStationHandler,
    DeleteStationHandler,
    RegisterChargerHandler,
    AddChargerHandler,
    UpdateChargerHandler,
    DeleteChargerHandler,
    RotateChargerSecretHandler,
    SetPricingHandler,
    RegisterCountryHandler,
    UpdateCountryHandler,
    RegisterGovernorateHandler,
    UpdateGovernorateHandler,
    DeleteGovernorateHandler,
  ],
};
