import { z } from 'zod';
import { pagedSchema } from '../shared/api';
import { command, group, positionParamSchema, privilege, query } from '../shared/operation';
import { acknowledgeAlertSchema, noteAlertSchema, resolveAlertSchema, setAlertSubscriptionsSchema } from './schemas';
import { adminAlertsQuerySchema, alertDetailSchema, alertRowSchema, myAlertSubscriptionsSchema } from './views';

const READ = privilege('alerts.read');
const MANAGE = privilege('alerts.manage');

/** The on-call inbox: alerts opened by chargers' faults and silences, what staff do with them, and who gets mailed. */
export const alertsOperations = group(
  command('alerts.acknowledge', { summary: 'Acknowledge an open alert, with why.', access: MANAGE, input: acknowledgeAlertSchema }),
  command('alerts.resolve', {
    summary: 'Resolve an alert by hand, with why (it also resolves itself when the charger recovers).',
    access: MANAGE,
    input: resolveAlertSchema,
  }),
  command('alerts.note', { summary: 'Add a note to an alert.', access: MANAGE, input: noteAlertSchema }),
  command('alerts.subscribe', {
    summary: "Set the caller's own subscriptions: the stations and governorates whose alerts they are mailed.",
    access: READ,
    input: setAlertSubscriptionsSchema,
  }),
  query('alerts.admin-list', '/api/queries/admin/alerts', {
    summary: 'Alerts, newest first, filtered by state, station and kind; CSV with format=csv.',
    access: READ,
    input: adminAlertsQuerySchema,
    output: pagedSchema(alertRowSchema),
  }),
  query('alerts.admin-get', '/api/queries/admin/alerts/:alertId', {
    summary: 'One alert with its cause, history and notes.',
    access: READ,
    params: z.object({ alertId: z.uuid() }),
    input: positionParamSchema,
    output: alertDetailSchema,
  }),
  query('me.alert-subscriptions', '/api/queries/me/alert-subscriptions', {
    summary: "The caller's own alert subscriptions.",
    access: READ,
    input: positionParamSchema,
    output: myAlertSubscriptionsSchema,
  }),
);
