import { z } from 'zod';
import { CUSTOMER, STAFF, command, group, positionParamSchema, privilege, query } from '../shared/operation';
import { idSchema } from '../shared/common';
import { sessionPowerViewSchema, siteLoadQuerySchema, siteLoadViewSchema } from './load-views';
import { setGridLimitSchema } from './schemas';

/** A site's grid limit (staff) and, beside it, the read side's load and allotment queries. */
export const smartChargingOperations = group(
  command('smart-charging.set-grid-limit', {
    summary: "Set a station's grid limit in W (0: none), with lower limits for parts of the day in Cairo time, and a reason.",
    access: privilege('stations.write'),
    input: setGridLimitSchema,
  }),
  query('smart-charging.site-load', '/api/queries/admin/site-load/:stationId', {
    summary:
      "A station's grid limit and who set it, its load now (each charging session's latest power and share) and one point a minute of drawn power against the limit for the last hours (at most 6).",
    access: STAFF,
    params: z.object({ stationId: idSchema }),
    input: siteLoadQuerySchema,
    output: siteLoadViewSchema,
  }),
  query('me.session-power', '/api/queries/me/sessions/:sessionId/power', {
    summary: "The power your session is allotted and why: shared with other cars, waiting for power (404 for anyone else's).",
    access: CUSTOMER,
    params: z.object({ sessionId: z.uuid() }),
    input: positionParamSchema,
    output: sessionPowerViewSchema,
  }),
);
