import type { Actor, AnyChargerCommandAction, ChargerCommandStatus } from '@evc/contracts';
import type { Projection } from '../runner/projection';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/** One staff command to a charger (`_id` = its command id); `request` holds the parameters beside the action. */
export type OcppCommandDoc = {
  _id: string;
  commandId: string;
  chargerId: string;
  action: AnyChargerCommandAction;
  request: Record<string, unknown>;
  status: ChargerCommandStatus;
  ocppAction: string | null;
  protocol: string | null;
  response: unknown;
  error: string | null;
  requestedBy: Actor;
  /** Why it was sent (the request event's reason: a staff note, or smart charging's cause); absent on older documents. */
  reason?: string | null;
  requestedAt: string;
  sentAt: string | null;
  answeredAt: string | null;
  position: number;
};
export const OCPP_COMMANDS = readModel<OcppCommandDoc>(READ_MODELS.ocppCommands);

/**
 * `ocpp_commands`: one document per staff command to a charger (charger-command-<commandId>), with its status
 * (pending until answered), the charger's answer, who asked and when. Set-style writes: idempotent on replay.
 */
export const chargerCommandsProjection: Projection = {
  name: 'charger-commands',
  collections: [READ_MODELS.ocppCommands],
  async setup(documents) {
    const commands = documents.collection(READ_MODELS.ocppCommands);
    await commands.createIndex({ chargerId: 1, requestedAt: -1 });
    await commands.createIndex({ status: 1 });
  },
  on: {
    async ChargerCommandRequested({ data, metadata, position }, { documents, changed }) {
      const { commandId, chargerId, at } = data;
      const { action, ...params } = data.request;
      await OCPP_COMMANDS.in(documents).updateOne(
        { _id: commandId },
        {
          $set: {
            commandId,
            chargerId,
            action,
            request: params,
            requestedBy: metadata.actor,
            reason: metadata.reason ?? null,
            requestedAt: at,
            position,
          },
          $setOnInsert: {
            status: 'pending',
            ocppAction: null,
            protocol: null,
            response: null,
            error: null,
            sentAt: null,
            answeredAt: null,
          },
        },
        { upsert: true },
      );
      changed(READ_MODELS.ocppCommands, commandId);
    },
    async ChargerCommandSent({ data, position }, { documents, changed }) {
      await OCPP_COMMANDS.in(documents).updateOne(
        { _id: data.commandId },
        { $set: { ocppAction: data.ocppAction, protocol: data.protocol, sentAt: data.at, position } },
      );
      changed(READ_MODELS.ocppCommands, data.commandId);
    },
    async ChargerCommandAnswered({ data, position }, { documents, changed }) {
      await OCPP_COMMANDS.in(documents).updateOne(
        { _id: data.commandId },
        { $set: { status: data.status, response: data.response ?? null, error: data.error, answeredAt: data.at, position } },
      );
      changed(READ_MODELS.ocppCommands, data.commandId);
    },
  },
};
