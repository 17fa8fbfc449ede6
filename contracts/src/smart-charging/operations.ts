import { command, group, privilege } from '../shared/operation';
import { setGridLimitSchema } from './schemas';

/** A site's grid limit (staff) and, beside it, the read side's load and allotment queries. */
export const smartChargingOperations = group(
  command('smart-charging.set-grid-limit', {
    summary: "Set a station's grid limit in W (0: none), with lower limits for parts of the day in Cairo time, and a reason.",
    access: privilege('stations.write'),
    input: setGridLimitSchema,
  }),
);
