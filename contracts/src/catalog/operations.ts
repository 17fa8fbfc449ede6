import { z } from 'zod';
import { pagedSchema } from '../shared/api';
import { adminListQuerySchema, deleteItemSchema } from '../shared/list-query';
import {
  countryFormSchema,
  createMasterDataItemSchema,
  governorateFormSchema,
  updateCountrySchema,
  updateGovernorateSchema,
  updateMasterDataItemSchema,
} from './schemas';
import { PUBLIC, STAFF, command, group, privilege, query } from '../shared/operation';
import {
  carOptionViewSchema,
  carOptionsQuerySchema,
  countryViewSchema,
  governorateAdminViewSchema,
  governorateViewSchema,
  masterDataItemViewSchema,
} from './views';

const masterDataWrite = privilege('masterdata.write');

/** Reference data: governorates, countries, car brands and types, battery ranges (public lists and the admin panel). */
export const catalogOperations = group(
  query('governorates.list', '/api/queries/governorates', {
    summary: 'Active governorates with the number of stations in each.',
    access: PUBLIC,
    output: pagedSchema(governorateViewSchema),
  }),
  query('catalog.car-options', '/api/queries/car-options', {
    summary: 'Active car brands, car types of a brand, or battery ranges (the car form).',
    access: PUBLIC,
    input: carOptionsQuerySchema,
    output: pagedSchema(carOptionViewSchema),
  }),
  command('masterdata.create', {
    summary: 'Create a car brand, car type or battery range.',
    access: masterDataWrite,
    input: createMasterDataItemSchema,
  }),
  command('masterdata.update', {
    summary: 'Change a master data item (not deactivated while in use).',
    access: masterDataWrite,
    input: updateMasterDataItemSchema,
  }),
  command('masterdata.delete', {
    summary: 'Delete a master data item (refused while in use).',
    access: masterDataWrite,
    input: deleteItemSchema,
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
  query('masterdata.list', '/api/queries/admin/masterdata', {
    summary: 'Master data of one kind (car types may be filtered by brand).',
    access: STAFF,
    input: adminListQuerySchema.extend({ kind: z.enum(['carBrand', 'carType', 'batteryRange']), parentId: z.string().max(64).optional() }),
    output: pagedSchema(masterDataItemViewSchema),
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
);
