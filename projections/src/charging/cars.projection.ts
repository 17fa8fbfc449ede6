import type { CarView } from '@evc/contracts';
import type { EventHandler, Projection } from '../runner/projection';
import { MASTER_DATA, type MasterDataDoc } from '../catalog/index';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

export type CarDoc = CarView & { _id: string; customerId: string; position: number };
export const CARS = readModel<CarDoc>(READ_MODELS.cars);

const names = (item: MasterDataDoc | null, id: string) => ({ en: item?.name ?? id, ar: item?.nameTranslation ?? item?.name ?? id });

/** A car as registered or edited, with the catalog names; an edit keeps when it was first registered. */
const saveCar: EventHandler<'CarRegistered' | 'CarUpdated'> = async ({ type, data: d, position, revision }, { documents, changed }) => {
  const items = MASTER_DATA.in(documents);
  const cars = CARS.in(documents);
  const [brand, type_, range, before] = await Promise.all([
    items.findOne({ _id: d.brandId }),
    items.findOne({ _id: d.typeId }),
    items.findOne({ _id: d.batteryRangeId }),
    type === 'CarUpdated' ? cars.findOne({ _id: d.carId }, { projection: { createdAt: 1 } }) : null,
  ]);
  const brandName = names(brand ?? null, d.brandId);
  const typeName = names(type_ ?? null, d.typeId);
  const rangeName = names(range ?? null, d.batteryRangeId);
  const doc: CarDoc = {
    _id: d.carId,
    carId: d.carId,
    customerId: d.customerId,
    brandId: d.brandId,
    brandNameEn: brandName.en,
    brandNameAr: brandName.ar,
    typeId: d.typeId,
    typeNameEn: typeName.en,
    typeNameAr: typeName.ar,
    batteryRangeId: d.batteryRangeId,
    batteryRangeName: rangeName.en,
    batteryRangeNameAr: rangeName.ar,
    licence: d.licence,
    createdAt: before?.createdAt ?? d.at,
    revision,
    position,
  };
  await cars.replaceOne({ _id: d.carId }, doc, { upsert: true });
  changed(READ_MODELS.cars, d.carId, [d.customerId]);
};

/** `cars`: a customer's cars with the catalog names (brand, type, battery range), renamed with the catalog; edited and removed by them. */
export const carsProjection: Projection = {
  name: 'cars',
  collections: [READ_MODELS.cars],
  async setup(documents) {
    const cars = documents.collection(READ_MODELS.cars);
    await cars.createIndex({ customerId: 1, createdAt: -1 });
    await cars.createIndex({ brandId: 1 });
    await cars.createIndex({ typeId: 1 });
    await cars.createIndex({ batteryRangeId: 1 });
  },
  on: {
    CarRegistered: saveCar,
    CarUpdated: saveCar,
    async CarRemoved({ data: d }, { documents, changed }) {
      await CARS.in(documents).deleteOne({ _id: d.carId });
      changed(READ_MODELS.cars, d.carId, [d.customerId]);
    },
    async MasterDataItemUpdated({ data: d }, { documents, changed }) {
      const cars = CARS.in(documents);
      const results = await Promise.all([
        cars.updateMany({ brandId: d.itemId }, { $set: { brandNameEn: d.name, brandNameAr: d.nameTranslation } }),
        cars.updateMany({ typeId: d.itemId }, { $set: { typeNameEn: d.name, typeNameAr: d.nameTranslation } }),
        cars.updateMany(
          { batteryRangeId: d.itemId },
          { $set: { batteryRangeName: d.name, batteryRangeNameAr: d.nameTranslation || d.name } },
        ),
      ]);
      if (results.some((r) => r.modifiedCount > 0)) changed(READ_MODELS.cars, undefined, []);
    },
  },
};
