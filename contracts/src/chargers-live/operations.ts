import { pagedSchema } from '../shared/api';
import { group, privilege, query, command } from '../shared/operation';
import { chargerCommandViewSchema, ocppCommandsQuerySchema, sendChargerCommandSchema } from './charger-commands';
import { ocppFrameSchema, ocppMessagesQuerySchema } from './ocpp';

const stationsWrite = privilege('stations.write');

/** Commands staff send to chargers and their outcomes, and each charger's OCPP message log. */
export const chargersLiveOperations = group(
  command('chargers.send-command', {
    summary:
      'Send an OCPP command to a charger (Reset, UnlockConnector, ChangeAvailability, TriggerMessage, GetConfiguration, ChangeConfiguration); idempotent on commandId. The outcome shows in ocpp.commands.',
    access: stationsWrite,
    input: sendChargerCommandSchema,
  }),
  query('ocpp.messages', '/api/queries/admin/ocpp-messages', {
    summary: "A charger's message log: every OCPP frame in and out, newest first (the last 1,000 per charger).",
    access: stationsWrite,
    input: ocppMessagesQuerySchema,
    output: pagedSchema(ocppFrameSchema),
  }),
  query('ocpp.commands', '/api/queries/admin/ocpp-commands', {
    summary:
      "Commands sent to chargers, newest first: status (pending, accepted, rejected, not_supported, offline, timeout, error), the charger's answer, who asked and when.",
    access: stationsWrite,
    input: ocppCommandsQuerySchema,
    output: pagedSchema(chargerCommandViewSchema),
  }),
);
