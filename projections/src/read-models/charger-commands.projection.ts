import type { ChargerCommandEvent } from '@evc/contracts';
import type { Projection } from '../runner/projection';
import { RM } from './collections';

/**
 * `ocpp_commands`: one document per staff command to a charger (charger-command-<commandId>), with its status
 * (pending until answered), the charger's answer, who asked and when. Set-style writes: idempotent on replay.
 */
export const chargerCommandsProjection: Projection = {
  name: 'charger-commands',
  collections: [RM.ocppCommands],
  handles: ['ChargerCommandRequested', 'ChargerCommandSent', 'ChargerCommandAnswered'],
  async setup(documents) {
    const commands = documents.collection(RM.ocppCommands);
    await commands.createIndex({ chargerId: 1, requestedAt: -1 });
    await commands.createIndex({ status: 1 });
  },
  async apply(event, { documents, changed }) {
    const commands = documents.collection(RM.ocppCommands);
    const e = { type: event.type, data: event.data } as ChargerCommandEvent;
    const { commandId } = e.data;
    switch (e.type) {
      case 'ChargerCommandRequested': {
        const { action, ...params } = e.data.request;
        await commands.updateOne(
          { _id: commandId },
          {
            $set: { commandId, chargerId: e.data.chargerId, action, request: params, requestedBy: event.metadata.actor, requestedAt: e.data.at, position: event.position },
            $setOnInsert: { status: 'pending', ocppAction: null, protocol: null, response: null, error: null, sentAt: null, answeredAt: null },
          },
          { upsert: true },
        );
        break;
      }
      case 'ChargerCommandSent':
        await commands.updateOne({ _id: commandId }, { $set: { ocppAction: e.data.ocppAction, protocol: e.data.protocol, sentAt: e.data.at, position: event.position } });
        break;
      case 'ChargerCommandAnswered':
        await commands.updateOne(
          { _id: commandId },
          { $set: { status: e.data.status, response: e.data.response ?? null, error: e.data.error, answeredAt: e.data.at, position: event.position } },
        );
        break;
    }
    changed(RM.ocppCommands, commandId);
  },
};
