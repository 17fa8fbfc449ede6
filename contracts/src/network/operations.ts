import { z } from 'zod';
import { pagedSchema } from '../shared/api';
import { adminListQuerySchema, deleteItemSchema } from '../shared/list-query';
import {
  addChargerSchema,
  chargerRefSchema,
  countryFormSchema,
  governorateFormSchema,
  updateCountrySchema,
  updateGovernorateSchema,
  setPricingWithReasonSchema,
  stationFormSchema,
  updateChargerSchema,
  updateStationSchema,
} from './schemas';
import { PUBLIC, STAFF, command, group, privilege, query } from '../shared/operation';
import {
  chargerSecretResultSchema,
  countryViewSchema,
  governorateAdminViewSchema,
  governorateViewSchema,
  nearbyStationsQuerySchema,
  networkStatsSchema,
  pricingChangeViewSchema,
  pricingViewSchema,
  stationAdminViewSchema,
  stationViewSchema,
  stationsQuerySchema,
} from './views';

const stationsWrite = privilege('stations.write');
const stationIdParams = z.object({ stationId: z.string().max(64) });

/** Public station pages and figures. */
const publicNetwork = [
  query('stations.list', '/api/queries/stations', {
    summary: 'Stations with their chargers and live connector status; filter by governorate, connector type, power, availability, text.',
    access: PUBLIC,
    input: stationsQuerySchema,
    output: pagedSchema(stationViewSchema),
  }),
  query('stations.nearby', '/api/queries/stations/nearby', {
    summary: 'Stations within a radius of a point, nearest first, with distance in metres.',
    access: PUBLIC,
    input: nearbyStationsQuerySchema,
    output: pagedSchema(stationViewSchema),
  }),
  query('stations.get', '/api/queries/stations/:stationId', {
    summary: 'One station with its chargers and connectors.',
    access: PUBLIC,
    params: stationIdParams,
    output: stationViewSchema,
  }),
  query('network.stats', '/api/queries/network-stats', {
    summary: 'Network statistics for the landing page.',
    access: PUBLIC,
    output: networkStatsSchema,
  }),
  query('pricing.current', '/api/queries/pricing', {
    summary: 'Prices in force now (piastres).',
    access: PUBLIC,
    output: pricingViewSchema,
  }),
] as const;

/** Stations, chargers and prices in the admin panel. Updates and deletes carry expectedRevision (409 when stale). */
const networkAdmin = [
  command('stations.create', { summary: 'Create a station.', access: stationsWrite, input: stationFormSchema }),
  command('stations.update', { summary: 'Change a station.', access: stationsWrite, input: updateStationSchema }),
  command('stations.delete', {
    summary: 'Delete a station and mark its chargers deleted.',
    access: stationsWrite,
    input: deleteItemSchema,
  }),
  command('chargers.add', {
    summary: 'Add a charger to a station; answers its secret key, shown once.',
    access: stationsWrite,
    input: addChargerSchema,
    output: chargerSecretResultSchema,
  }),
  command('chargers.update', { summary: 'Change a charger and its connectors.', access: stationsWrite, input: updateChargerSchema }),
  command('chargers.delete', {
    summary: 'Mark a charger deleted (modelState 3): hidden from lists, kept in history, refused by the gateway.',
    access: stationsWrite,
    input: chargerRefSchema,
  }),
  command('chargers.rotate-secret', {
    summary: "Replace a charger's secret key; answers the new key, shown once.",
    access: stationsWrite,
    input: chargerRefSchema,
    output: chargerSecretResultSchema,
  }),
  command('pricing.set', {
    summary: 'Set the network prices from an effective time, with a reason.',
    access: privilege('pricing.write'),
    input: setPricingWithReasonSchema,
  }),
  query('stations.admin-list', '/api/queries/admin/stations', {
    summary: 'Stations with chargers (deleted chargers hidden).',
    access: STAFF,
    input: adminListQuerySchema.extend({ governorateId: z.string().max(64).optional() }),
    output: pagedSchema(stationAdminViewSchema),
  }),
  query('stations.admin-get', '/api/queries/admin/stations/:stationId', {
    summary: 'One station with its chargers.',
    access: STAFF,
    input: z.object({}),
    params: stationIdParams,
    output: stationAdminViewSchema,
  }),
  query('pricing.history', '/api/queries/admin/pricing-history', {
    summary: 'Every price change: who, when, old and new, effective time.',
    access: STAFF,
    input: adminListQuerySchema,
    output: pagedSchema(pricingChangeViewSchema),
  }),
] as const;

/**
 * Countries and governorates (where stations are): the public list with station counts, the staff's lists and edits.
 * Edited with the master data privilege.
 */
const masterDataWrite = privilege('masterdata.write');
const geography = [
  query('governorates.list', '/api/queries/governorates', {
    summary: 'Active governorates with the number of stations in each.',
    access: PUBLIC,
    output: pagedSchema(governorateViewSchema),
  }),
  command('countries.create', { summary: 'Create a country with its flag.', access: masterDataWrite, input: countryFormSchema }),
  command('countries.update', { summary: 'Change a country.', access: masterDataWrite, input: updateCountrySchema }),
  command('governorates.create', {
    summary: 'Create a governorate of an active country.',
    access: masterDataWrite,
    input: governorateFormSchema,
  }),
  command('governorates.update', {
    summary: 'Change a governorate (not deactivated while stations use it).',
    access: masterDataWrite,
    input: updateGovernorateSchema,
  }),
  command('governorates.delete', {
    summary: 'Delete a governorate (refused while in use).',
    access: masterDataWrite,
    input: deleteItemSchema,
  }),
  query('countries.list', '/api/queries/admin/countries', {
    summary: 'Countries.',
    access: STAFF,
    input: adminListQuerySchema,
    output: pagedSchema(countryViewSchema),
  }),
  query('governorates.admin-list', '/api/queries/admin/governorates', {
    summary: 'Governorates with station counts.',
    access: STAFF,
    input: adminListQuerySchema.extend({ countryId: z.string().max(64).optional() }),
    output: pagedSchema(governorateAdminViewSchema),
  }),
] as const;

export const networkOperations = group(...publicNetwork, ...networkAdmin, ...geography);
