import { z } from 'zod';
import { idSchema } from '../shared/common';
import { command, group, privilege, query } from '../shared/operation';
import {
  cancelMaintenanceSchema,
  declareMaintenanceSchema,
  setUptimeTargetSchema,
  stationUptimeQuerySchema,
  uptimeQuerySchema,
} from './schemas';
import { networkUptimeViewSchema, stationUptimeViewSchema } from './views';

const MANAGE = privilege('uptime.manage');
/** Uptime is a report: read with the dashboard's figures. */
const READ = privilege('analytics.read');

/** Uptime measured from the chargers' events: planned maintenance and targets (staff), the network and station views. */
export const uptimeOperations = group(
  command('uptime.declare-maintenance', {
    summary: 'Declare planned maintenance for a station, a charger or a connector: its window is outside the time in service.',
    access: MANAGE,
    input: declareMaintenanceSchema,
  }),
  command('uptime.cancel-maintenance', {
    summary: 'Withdraw a maintenance declaration before its window begins.',
    access: MANAGE,
    input: cancelMaintenanceSchema,
  }),
  command('uptime.set-target', {
    summary: "Set a station's availability target (percent, two decimals at most; 97 % until set).",
    access: MANAGE,
    input: setUptimeTargetSchema,
  }),
  query('uptime.network', '/api/queries/admin/uptime', {
    summary:
      'Availability of every station over a Cairo month against its target, the worst first; CSV per station and day with format=csv.',
    access: READ,
    input: uptimeQuerySchema,
    output: networkUptimeViewSchema,
  }),
  query('uptime.station', '/api/queries/admin/uptime/stations/:stationId', {
    summary: "One station's availability per Cairo day, charger and connector over a month, with its declared maintenance.",
    access: READ,
    params: z.object({ stationId: idSchema }),
    input: stationUptimeQuerySchema,
    output: stationUptimeViewSchema,
  }),
);
