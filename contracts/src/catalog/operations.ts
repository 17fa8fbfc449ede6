import { z } from 'zod';
import { pagedSchema } from '../shared/api';
import { adminListQuerySchema, deleteItemSchema } from '../shared/list-query';
import { createMasterDataItemSchema, updateMasterDataItemSchema } from './schemas';
import { PUBLIC, STAFF, command, group, privilege, query } from '../shared/operation';
import { carOptionViewSchema, carOptionsQuerySchema, masterDataItemViewSchema } from './views';

const masterDataWrite = privilege('masterdata.write');

/** Reference data: car brands and types, battery ranges (the car form's options and the admin panel). */
export const catalogOperations = group(
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
  query('masterdata.list', '/api/queries/admin/masterdata', {
    summary: 'Master data of one kind (car types may be filtered by brand).',
    access: STAFF,
    input: adminListQuerySchema.extend({ kind: z.enum(['carBrand', 'carType', 'batteryRange']), parentId: z.string().max(64).optional() }),
    output: pagedSchema(masterDataItemViewSchema),
  }),
);
