import { createHash, randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import { SYSTEM_ACTOR, type ConnectorSpec, type OcppVersion, type RegisterCharger } from '@evc/contracts';
import { systemClock, type Clock, type EventStore } from '@evc/platform';
import type { FileStore } from '@evc/platform/files/index';
import { createLogger } from '@evc/platform/logging/logger';
import { RegisterChargerCommand } from '../network/index';
import { sendCommand, type CommandInput, type RoutedCommandId } from '../shared/operation-command';
import type { CommandContext } from '../shared/command-context';
import { envelope } from '../shared/run-decider';
import { DEMO_BATTERY_RANGES, DEMO_CARS, DEMO_PRICING } from './data/catalog';
import governoratesFile from './data/eg-governorates.json' with { type: 'json' };
import { GOVERNORATE_CENTRES } from './data/governorate-centres';
import { DEMO_STATIONS } from './data/stations';
import { loadOrCreateDemoCredentials, type DemoChargerCredentials } from './demo-chargers-file';
import { stripedFlagPng } from './flag-png';

const MARKER_STREAM = 'seed-demo';
const log = createLogger('seed');

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const govId = (iso: string) => iso.toLowerCase();

interface PlannedCharger {
  spec: Omit<RegisterCharger, 'secretHash'>;
}

/** Two 22 kW dual-socket AC chargers per station, plus its 50 kW DC chargers. */
export function planChargers(): PlannedCharger[] {
  return DEMO_STATIONS.flatMap(([stationId, , , , , , , , dc], index) => {
    const code = `EVC-${String(index + 1).padStart(3, '0')}`;
    const ac = (n: number): PlannedCharger => {
      const connectors: ConnectorSpec[] = [1, 2].map((c) => ({
        connectorId: c,
        code: `${code}-A${n}-${c}`,
        type: 'Type2',
        current: 'AC',
        maxPowerKw: 22,
      }));
      return {
        spec: charger(
          stationId,
          `${code}-AC${n}`,
          `ACM22-${index + 1}${n}`,
          'AC Max 22',
          'Delta',
          n === 2 && index % 3 === 0 ? '2.0.1' : '1.6',
          connectors,
        ),
      };
    };
    const fast = (n: number): PlannedCharger => {
      const connectors: ConnectorSpec[] = [
        { connectorId: 1, code: `${code}-D${n}-1`, type: 'CCS2', current: 'DC', maxPowerKw: 50 },
        { connectorId: 2, code: `${code}-D${n}-2`, type: 'CHAdeMO', current: 'DC', maxPowerKw: 50 },
      ];
      return {
        spec: charger(stationId, `${code}-DC${n}`, `T54-${index + 1}${n}`, 'Terra 54', 'ABB', n === 1 ? '1.6' : '2.0.1', connectors),
      };
    };
    return [ac(1), ac(2), ...Array.from({ length: dc }, (_, i) => fast(i + 1))];
  });
}

function charger(
  stationId: string,
  chargerId: string,
  serialNumber: string,
  model: string,
  vendor: string,
  ocppVersion: OcppVersion,
  connectors: ConnectorSpec[],
) {
  return { chargerId, stationId, serialNumber: `SN-${serialNumber}`, model, vendor, ocppVersion, connectors };
}

/** Runs `task` for every item: items of one group in order, groups in parallel (no contention on a shared stream). */
async function inGroups<T>(items: readonly T[], groupOf: (item: T) => string, task: (item: T) => Promise<unknown>): Promise<void> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(groupOf(item), [...(groups.get(groupOf(item)) ?? []), item]);
  await Promise.all(
    [...groups.values()].map(async (group) => {
      for (const item of group) await task(item);
    }),
  );
}

export interface SeedOptions {
  commandBus: Pick<CommandBus, 'execute'>;
  eventStore: EventStore;
  dataDir: string;
  /** Where the seed stores Egypt's flag (the country's flagFileId is the stored file's id). */
  files: Pick<FileStore, 'put'>;
  /** The server's clock: the seeded prices are in force from the moment the seed runs. */
  clock?: Clock;
}

export interface SeedOutcome {
  seeded: boolean;
  commands: number;
  chargers: DemoChargerCredentials[];
}

/**
 * Seeds the demo network through commands, so every seeded fact is an event with an author and a reason.
 * Runs once: a marker stream records completion; an interrupted seed is completed on the next start.
 */
export async function seedDemo({ commandBus, eventStore, dataDir, files, clock = systemClock }: SeedOptions): Promise<SeedOutcome> {
  if ((await eventStore.readStream(MARKER_STREAM, { maxCount: 1 })).length > 0) return { seeded: false, commands: 0, chargers: [] };
  const context: CommandContext = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), reason: 'demo seed' };
  let commands = 0;
  const run = async <K extends RoutedCommandId>(id: K, payload: CommandInput<K>) => {
    commands++;
    return sendCommand(commandBus, id, payload, context);
  };
  const { country, governorates } = governoratesFile;
  // A real image through the file store port (content-addressed: seeding again stores the same id).
  const flag = await files.put(stripedFlagPng(), { contentType: 'image/png', purpose: 'flag' });
  await run('countries.create', {
    countryId: 'eg',
    iso: country.iso,
    nameEn: country.name_en,
    nameAr: country.name_ar,
    phoneCode: country.phone_code,
    currency: country.currency,
    flagFileId: flag.fileId,
  });
  await Promise.all(
    governorates.map((g) =>
      run('governorates.create', {
        governorateId: govId(g.iso3166_2),
        countryId: 'eg',
        nameEn: g.name_en,
        nameAr: g.name_ar,
        centre: GOVERNORATE_CENTRES[g.iso3166_2],
      }),
    ),
  );
  // One after another: battery ranges claim their names on one stream (names-masterdata.batteryRange).
  for (const [itemId, name, nameTranslation, value] of DEMO_BATTERY_RANGES) {
    await run('masterdata.create', { itemId, kind: 'batteryRange', name, nameTranslation, value, isActive: true });
  }
  for (const [brand, brandAr, types] of DEMO_CARS) {
    const brandId = `brand-${slug(brand)}`;
    await run('masterdata.create', {
      itemId: brandId,
      kind: 'carBrand',
      name: brand.length >= 3 ? brand : `${brand} Motor`,
      nameTranslation: brandAr,
      value: '',
      isActive: true,
    });
    // One after another: each type links itself to the brand's stream.
    for (const [type, typeAr, kwh] of types) {
      await run('masterdata.create', {
        itemId: `type-${slug(brand)}-${slug(type)}`,
        kind: 'carType',
        parentId: brandId,
        name: type,
        nameTranslation: typeAr,
        value: String(kwh),
        isActive: true,
      });
    }
  }
  // In force from the seed's minute: the staff form sets prices by the minute, so a change typed in that same minute
  // still comes after the seed's prices (a tie goes to the later change) rather than before them.
  const seededAt = new Date(Math.floor(clock.now().getTime() / 60_000) * 60_000);
  await run('pricing.set', { ...DEMO_PRICING, effectiveFrom: seededAt.toISOString(), reason: 'demo seed' });
  // Stations link themselves to their governorate's stream: one at a time per governorate, governorates in parallel.
  await inGroups(
    DEMO_STATIONS,
    ([, gov]) => gov,
    ([stationId, gov, nameEn, nameAr, lat, lng, addressEn, addressAr]) =>
      run('stations.create', { stationId, governorateId: govId(gov), nameEn, nameAr, location: { lat, lng }, addressEn, addressAr }),
  );
  const planned = planChargers();
  const credentials = await loadOrCreateDemoCredentials(
    dataDir,
    planned.map((p) => ({ id: p.spec.chargerId, ocppVersion: p.spec.ocppVersion })),
  );
  const secretOf = new Map(credentials.map((c) => [c.id, c.secret]));
  // Chargers are recorded on their station's stream: one at a time per station, stations in parallel.
  await inGroups(
    planned,
    ({ spec }) => spec.stationId,
    ({ spec }) =>
      commandBus
        .execute(
          new RegisterChargerCommand(
            {
              ...spec,
              secretHash: createHash('sha256')
                .update(secretOf.get(spec.chargerId) ?? '')
                .digest('hex'),
            },
            context,
          ),
        )
        .then(() => commands++),
  );
  await eventStore.append(
    MARKER_STREAM,
    [envelope({ type: 'DemoDataSeeded', data: { stations: DEMO_STATIONS.length, chargers: planned.length } }, context)],
    'no_stream',
  );
  log.info('demo data seeded', { commands, stations: DEMO_STATIONS.length, chargers: planned.length });
  return { seeded: true, commands, chargers: credentials };
}
