import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import { SYSTEM_ACTOR } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import { createLogger } from '@evc/platform/logging/logger';
import type { CommandContext } from '../shared/command-context';
import { envelope } from '../shared/run-decider';
import { sendCommand } from '../shared/operation-command';
import type { WalletLedger } from '../wallet/index';
import { stripedFlagPng } from './flag-png';
import { seededId } from './seed-identity';

const MARKER_STREAM = 'seed-charging';
const log = createLogger('seed');

/** The demo customer's wallet credit (piastres): enough for a few sessions at the demo prices. */
export const DEMO_WELCOME_CREDIT = 50_000;
/** The demo customer's charging card: present it at a simulated charger (`npm run simulate`, Authorize; /demo). */
export { DEMO_CARD_ID_TAG } from '@evc/contracts';
/** The demo customer's car: an MG4 (64 kWh), registered with two licence images the seed draws. */
export const DEMO_CAR = {
  carId: '5eed0000-0000-4000-a000-00000000ca01',
  brandId: 'brand-mg',
  typeId: 'type-mg-mg4',
  batteryRangeId: 'battery-60-80',
} as const;

export interface ChargingSeedOptions {
  commandBus: Pick<CommandBus, 'execute'>;
  eventStore: EventStore;
  files: FileStore;
  ledger: WalletLedger;
  customerEmail: string;
}

/**
 * With the demo data: the demo customer gets a welcome credit on the wallet (a staff-style adjustment by the system,
 * reason "demo seed"), a registered car and a charging card, so they can start a session at once, from the phone or
 * with the card at a charger. Once: a marker stream.
 */
export async function seedCharging({ commandBus, eventStore, files, ledger, customerEmail }: ChargingSeedOptions): Promise<boolean> {
  if ((await eventStore.readStream(MARKER_STREAM, { maxCount: 1 })).length > 0) return false;
  const customerId = seededId(customerEmail);
  const system: CommandContext = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), reason: 'demo seed' };
  await ledger.record(
    customerId,
    {
      transactionId: 'adjustment:demo-welcome',
      direction: 'credit',
      amount: DEMO_WELCOME_CREDIT,
      kind: 'adjustment',
      reference: { type: 'adjustment', id: 'demo-welcome' },
      reason: 'Welcome credit',
    },
    system,
  );
  // The licence images are the customer's own uploads, so the car is registered as the customer would.
  const front = await files.put(
    stripedFlagPng(
      [
        [0x1d, 0x4e, 0x89],
        [0xf4, 0xf4, 0xf4],
      ],
      86,
      54,
    ),
    { contentType: 'image/png', purpose: 'licence', ownerId: customerId },
  );
  const back = await files.put(
    stripedFlagPng(
      [
        [0xf4, 0xf4, 0xf4],
        [0x1d, 0x4e, 0x89],
      ],
      86,
      54,
    ),
    { contentType: 'image/png', purpose: 'licence', ownerId: customerId },
  );
  const asCustomer: CommandContext = {
    actor: { type: 'customer', id: customerId },
    correlationId: system.correlationId,
    reason: 'demo seed',
  };
  await sendCommand(
    commandBus,
    'cars.register',
    { ...DEMO_CAR, licence: { frontFileId: front.fileId, backFileId: back.fileId } },
    asCustomer,
  );
  // The demo card (DEMO_CARD_ID_TAG) is issued by the cards seed (seed-cards.ts), on the card model.
  await eventStore.append(
    MARKER_STREAM,
    [envelope({ type: 'ChargingSeeded', data: { customerId, welcomeCredit: DEMO_WELCOME_CREDIT, carId: DEMO_CAR.carId } }, system)],
    'no_stream',
  );
  log.info('charging seeded', { customerId });
  return true;
}
