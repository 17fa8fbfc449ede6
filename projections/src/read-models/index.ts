import type { Projection } from '../runner/projection';
import { catalogProjection } from './catalog.projection';
import { chargerCommandsProjection } from './charger-commands.projection';
import { contactRequestsProjection } from './contact-requests.projection';
import { identityProjection } from './identity.projection';
import { pricingProjection } from './pricing.projection';
import { stationsProjection } from './stations.projection';

export { RM } from './collections';
export { chargerStatus, stationTotals, stationsProjection, type ChargerDoc } from './stations.projection';
export { chargerCommandsProjection } from './charger-commands.projection';
export { searchTextOf } from './catalog.projection';
export { identityProjection, resetLinkKey } from './identity.projection';

/** Order matters where one read model looks another up (stations read governorate names). */
export const allProjections = (): Projection[] => [catalogProjection, stationsProjection, pricingProjection, contactRequestsProjection, identityProjection, chargerCommandsProjection];
