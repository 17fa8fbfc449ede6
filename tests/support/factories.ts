import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import type { CommandResult, RegisterStation } from '@evc/contracts';
import { newContext, sendCommand } from '@evc/command-service';

/** Tests' countries need no real flag: the id of an image nobody uploaded. */
const NO_FLAG = '0'.repeat(64);
const ctx = () => newContext({ type: 'staff', id: 'test-admin' }, 'test data');

/** Egypt and one governorate, the least a station needs. */
export async function givenGovernorate(
  bus: CommandBus,
  governorateId = 'eg-c',
  nameEn = 'Cairo',
  nameAr = 'القاهرة',
): Promise<CommandResult> {
  await sendCommand(
    bus,
    'countries.create',
    { countryId: 'eg', iso: 'EG', nameEn: 'Egypt', nameAr: 'مصر', phoneCode: '+20', currency: 'EGP', flagFileId: NO_FLAG },
    ctx(),
  );
  return sendCommand(
    bus,
    'governorates.create',
    { governorateId, countryId: 'eg', nameEn, nameAr, centre: { lat: 30.0444, lng: 31.2357 } },
    ctx(),
  );
}

export function aStation(overrides: Partial<RegisterStation> = {}): RegisterStation {
  const id = `st-${randomUUID().slice(0, 8)}`;
  return {
    stationId: id,
    nameEn: `Station ${id}`,
    nameAr: `محطة ${id}`,
    governorateId: 'eg-c',
    location: { lat: 30.05, lng: 31.24 },
    addressEn: 'Somewhere in Cairo',
    addressAr: 'في مكان ما بالقاهرة',
    ...overrides,
  };
}

export const registerStation = (bus: CommandBus, station: RegisterStation): Promise<CommandResult> =>
  sendCommand(bus, 'stations.create', station, ctx());

/** A charger with a known secret key, on an existing station. */
export async function registerCharger(
  bus: CommandBus,
  stationId: string,
  overrides: Partial<import('@evc/contracts').RegisterCharger> & { secret?: string } = {},
): Promise<{ chargerId: string; secret: string; result: CommandResult }> {
  const { createHash } = await import('node:crypto');
  const { RegisterChargerCommand } = await import('@evc/command-service');
  const { secret = `s3cret-${randomUUID()}`, ...spec } = overrides;
  const chargerId = spec.chargerId ?? `CP-${randomUUID().slice(0, 8)}`;
  const result: CommandResult = await bus.execute(
    new RegisterChargerCommand(
      {
        chargerId,
        stationId,
        serialNumber: `SN-${chargerId}`,
        model: 'AC Max 22',
        vendor: 'Delta',
        ocppVersion: '1.6',
        secretHash: createHash('sha256').update(secret).digest('hex'),
        connectors: [{ connectorId: 1, code: `${chargerId}-1`, type: 'Type2', current: 'AC', maxPowerKw: 22 }],
        ...spec,
      },
      ctx(),
    ),
  );
  return { chargerId, secret, result };
}
