import type { CreateMasterDataItem, RegisterCountry, RegisterGovernorate } from '@evc/contracts';
import type { Projection } from '../runner/projection';
import { RM } from './collections';

/** Countries, governorates and master data as staff and the public site read them. */
export const catalogProjection: Projection = {
  name: 'catalog',
  collections: [RM.countries, RM.governorates, RM.masterData],
  handles: ['CountryRegistered', 'GovernorateRegistered', 'MasterDataItemCreated'],
  async setup(documents) {
    await documents.collection(RM.governorates).createIndex({ countryId: 1 });
    await documents.collection(RM.masterData).createIndex({ kind: 1 });
  },
  async apply(event, { documents, changed }) {
    const meta = { updatedAt: event.metadata.occurredAt, position: event.position };
    if (event.type === 'CountryRegistered') {
      const d = event.data as RegisterCountry;
      await documents.collection(RM.countries).updateOne({ _id: d.countryId }, { $set: { ...d, isActive: true, ...meta } }, { upsert: true });
      changed(RM.countries, d.countryId);
    } else if (event.type === 'GovernorateRegistered') {
      const d = event.data as RegisterGovernorate;
      await documents.collection(RM.governorates).updateOne({ _id: d.governorateId }, { $set: { ...d, isActive: true, ...meta } }, { upsert: true });
      changed(RM.governorates, d.governorateId);
    } else if (event.type === 'MasterDataItemCreated') {
      const d = event.data as CreateMasterDataItem;
      await documents.collection(RM.masterData).updateOne({ _id: d.itemId }, { $set: { ...d, ...meta } }, { upsert: true });
      changed(RM.masterData, d.itemId);
    }
  },
};
