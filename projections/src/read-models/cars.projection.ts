import type { CarRegistered, CarView } from '@evc/contracts';
import type { Doc } from '@evc/platform';
import type { Projection } from '../runner/projection';
import { CHARGING_RM } from './charging-collections';
import { RM } from './collections';

export type CarDoc = Doc & CarView & { _id: string; customerId: string; position: number };

const names = (item: Doc | null, id: string) => ({ en: String(item?.name ?? id), ar: String(item?.nameTranslation ?? item?.name ?? id) });

/** `cars`: a customer's cars with the catalog names (brand, type, battery range), renamed with the catalog. */
export const carsProjection: Projection = {
  name: 'cars',
  collections: [CHARGING_RM.cars],
  handles: ['CarRegistered', 'MasterDataItemUpdated'],
  async setup(documents) {
    const cars = documents.collection(CHARGING_RM.cars);
    await cars.createIndex({ customerId: 1, createdAt: -1 });
    await cars.createIndex({ brandId: 1 });
    await cars.createIndex({ typeId: 1 });
    await cars.createIndex({ batteryRangeId: 1 });
  },
  async apply(event, { documents, changed }) {
    const cars = documents.collection<CarDoc>(CHARGING_RM.cars);
    if (event.type === 'MasterDataItemUpdated') {
      const d = event.data as { itemId: string; name: string; nameTranslation: string };
      const results = await Promise.all([
        cars.updateMany({ brandId: d.itemId }, { $set: { brandNameEn: d.name, brandNameAr: d.nameTranslation } }),
        cars.updateMany({ typeId: d.itemId }, { $set: { typeNameEn: d.name, typeNameAr: d.nameTranslation } }),
        cars.updateMany({ batteryRangeId: d.itemId }, { $set: { batteryRangeName: d.name } }),
      ]);
      if (results.some((r) => r.modifiedCount > 0)) changed(CHARGING_RM.cars, undefined, []);
      return;
    }
    const d = (event.data as CarRegistered['data']);
    const items = documents.collection(RM.masterData);
    const [brand, type, range] = await Promise.all([d.brandId, d.typeId, d.batteryRangeId].map((id) => items.findOne({ _id: id })));
    const brandName = names(brand ?? null, d.brandId);
    const typeName = names(type ?? null, d.typeId);
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
      batteryRangeName: names(range ?? null, d.batteryRangeId).en,
      createdAt: d.at,
      position: event.position,
    };
    await cars.replaceOne({ _id: d.carId }, doc, { upsert: true });
    changed(CHARGING_RM.cars, d.carId, [d.customerId]);
  },
};
