import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection, ProjectionContext } from '../runner/projection';
import { CARS, type CarDoc } from './cars.projection';
import { CUSTOMER_ACCOUNTS, type CustomerCarsSummary } from '../identity/index';
import { READ_MODELS } from '../shared/read-models';

const licenceImages = (car: CarDoc): string[] =>
  'customsCertificateFileId' in car.licence ? [car.licence.customsCertificateFileId] : [car.licence.frontFileId, car.licence.backFileId];

/**
 * The customers screen's car columns (customer_accounts.cars): how many cars, the latest registered (its names in
 * both languages), and every car's licence images. Recomputed from `cars` after the cars projection has applied the
 * same event, so a replay gives the same answer.
 */
async function refreshCustomer(documents: DocumentStore, customerId: string, changed: ProjectionContext['changed']) {
  const cars = await CARS.in(documents)
    .find({ customerId }, { sort: { createdAt: -1, _id: 1 } })
    .toArray();
  const latest = cars[0];
  const summary: CustomerCarsSummary = {
    count: cars.length,
    latest: latest
      ? {
          brandNameEn: latest.brandNameEn,
          brandNameAr: latest.brandNameAr,
          typeNameEn: latest.typeNameEn,
          typeNameAr: latest.typeNameAr,
          batteryRangeName: latest.batteryRangeName,
          batteryRangeNameAr: latest.batteryRangeNameAr ?? latest.batteryRangeName,
        }
      : null,
    licenceImageIds: cars.flatMap(licenceImages),
  };
  const result = await CUSTOMER_ACCOUNTS.in(documents).updateOne({ _id: customerId }, { $set: { cars: summary } });
  if (result.matchedCount) changed(READ_MODELS.customers, customerId, [customerId]);
}

const onCar: EventHandler<'CarRegistered' | 'CarUpdated' | 'CarRemoved'> = ({ data }, { documents, changed }) =>
  refreshCustomer(documents, data.customerId, changed);

/** Runs after `cars` and `identity` (allProjections' order): it reads the first and writes into the second. */
export const customerCarsProjection: Projection = {
  name: 'customer-cars',
  collections: [],
  async setup() {},
  on: {
    CarRegistered: onCar,
    CarUpdated: onCar,
    CarRemoved: onCar,
    // a renamed brand, type or battery range: the customers whose cars use it
    async MasterDataItemUpdated({ data }, { documents, changed }) {
      const owners = await CARS.in(documents)
        .find(
          { $or: [{ brandId: data.itemId }, { typeId: data.itemId }, { batteryRangeId: data.itemId }] },
          { projection: { customerId: 1 } },
        )
        .toArray();
      for (const customerId of new Set(owners.map((o) => o.customerId))) await refreshCustomer(documents, customerId, changed);
    },
  },
};
