import { STAFF, group, positionParamSchema, query } from '../shared/operation';
import { dashboardViewSchema } from './views';

/** The staff dashboard's figures. */
export const reportingOperations = group(
  query('admin.dashboard', '/api/queries/admin/dashboard', {
    summary:
      "Today's sessions, energy and revenue (Cairo day), chargers online/offline/faulted, open card and contact requests; sections by privilege.",
    access: STAFF,
    input: positionParamSchema,
    output: dashboardViewSchema,
  }),
);
