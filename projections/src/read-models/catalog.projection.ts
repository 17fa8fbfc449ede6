import type { CreateMasterDataItem, RegisterCountry, RegisterGovernorate } from '@evc/contracts';
import type { Doc, DocumentStore, RecordedEvent } from '@evc/platform';
import type { Projection } from '../runner/projection';
import { RM } from './collections';
import { mergeOne } from './merge';

/** What uses a catalog item (see command-service shared/usage.ts). */
interface UsedBy {
  id: string;
  kind: string;
  name: string;
}

export const searchTextOf = (...parts: unknown[]) =>
  parts
    .filter((p) => typeof p === 'string' && p !== '')
    .join(' ')
    .toLowerCase();
/** $set without undefined values (an absent optional field keeps its stored value). */
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const COLLECTION_OF: Record<string, string> = { Governorate: RM.governorates, MasterData: RM.masterData, Country: RM.countries };
const ID_OF: Record<string, string> = { Governorate: 'governorateId', MasterData: 'itemId', Country: 'countryId' };

/**
 * Linked / unlinked: one small document per use in `catalog_usage` (idempotent put / delete), then the item's
 * counts from its index (no growing array rewritten per link).
 */
async function applyUsage(event: RecordedEvent, documents: DocumentStore, meta: Doc): Promise<[string, string] | null> {
  const match = /^(Governorate|MasterData|Country)Usage(Linked|Unlinked)$/.exec(event.type);
  if (!match) return null;
  const data = event.data as Record<string, unknown>;
  const collection = documents.collection(COLLECTION_OF[match[1]!]!);
  const id = String(data[ID_OF[match[1]!]!]);
  const item = `${collection.collectionName}|${id}`;
  const usage = documents.collection(RM.catalogUsage);
  if (match[2] === 'Linked') {
    const usedBy = data.usedBy as UsedBy;
    const key = `${item}|${usedBy.id}`;
    // itemKind: one indexed field, so counting one item's uses of a kind is a single exact index lookup.
    await usage.replaceOne({ _id: key }, { _id: key, item, itemKind: `${item}|${usedBy.kind}`, ...usedBy }, { upsert: true });
  } else {
    await usage.deleteOne({ _id: `${item}|${String(data.usedById)}` });
  }
  const [usageCount, stationCount] = await Promise.all([usage.countDocuments({ item }), usage.countDocuments({ itemKind: `${item}|station` })]);
  if (!(await mergeOne(collection, id, { usageCount, stationCount, ...meta }, { upsert: false }))) return null;
  return [collection.collectionName, id];
}

/** Countries, governorates and master data as staff and the public site read them. */
export const catalogProjection: Projection = {
  name: 'catalog',
  collections: [RM.countries, RM.governorates, RM.masterData, RM.catalogUsage],
  handles: [
    'CountryRegistered',
    'CountryUpdated',
    'GovernorateRegistered',
    'GovernorateUpdated',
    'GovernorateDeleted',
    'GovernorateUsageLinked',
    'GovernorateUsageUnlinked',
    'MasterDataItemCreated',
    'MasterDataItemUpdated',
    'MasterDataItemDeleted',
    'MasterDataUsageLinked',
    'MasterDataUsageUnlinked',
  ],
  async setup(documents) {
    await documents.collection(RM.governorates).createIndex({ countryId: 1 });
    await documents.collection(RM.governorates).createIndex({ isActive: 1 });
    await documents.collection(RM.masterData).createIndex({ kind: 1 });
    await documents.collection(RM.masterData).createIndex({ parentId: 1 });
    await documents.collection(RM.masterData).createIndex({ kind: 1, name: 1 });
    await documents.collection(RM.catalogUsage).createIndex({ item: 1 });
    await documents.collection(RM.catalogUsage).createIndex({ itemKind: 1 });
  },
  async apply(event, { documents, changed }) {
    const meta = { revision: event.revision, updatedAt: event.metadata.occurredAt, position: event.position };
    const usage = await applyUsage(event, documents, meta);
    if (usage) return changed(usage[0], usage[1]);
    const fresh = { usageCount: 0, stationCount: 0 };
    switch (event.type) {
      case 'CountryRegistered':
      case 'CountryUpdated': {
        const d = event.data as RegisterCountry & { isActive?: boolean };
        const set = { ...defined(d), flagFileId: d.flagFileId ?? null, isActive: d.isActive ?? true, searchText: searchTextOf(d.nameEn, d.nameAr, d.iso, d.currency, d.phoneCode), ...meta };
        await mergeOne(documents.collection(RM.countries), d.countryId, set);
        return changed(RM.countries, d.countryId);
      }
      case 'GovernorateRegistered':
      case 'GovernorateUpdated': {
        const d = event.data as RegisterGovernorate & { isActive?: boolean };
        const set = { ...defined(d), isActive: d.isActive ?? true, searchText: searchTextOf(d.nameEn, d.nameAr), ...meta };
        await mergeOne(documents.collection(RM.governorates), d.governorateId, set, { setOnInsert: fresh });
        return changed(RM.governorates, d.governorateId);
      }
      case 'MasterDataItemCreated':
      case 'MasterDataItemUpdated': {
        const d = event.data as CreateMasterDataItem;
        const items = documents.collection(RM.masterData);
        const parent = d.parentId ? await items.findOne({ _id: d.parentId }) : null;
        const set = { ...defined(d), parentId: d.parentId ?? null, parentName: parent ? String(parent.name) : null, searchText: searchTextOf(d.name, d.nameTranslation, d.value), ...meta };
        await mergeOne(items, d.itemId, set, { setOnInsert: fresh });
        // A renamed brand renames itself in its types' rows.
        if (event.type === 'MasterDataItemUpdated') await items.updateMany({ parentId: d.itemId }, { $set: { parentName: d.name } });
        return changed(RM.masterData, d.itemId);
      }
      case 'GovernorateDeleted':
      case 'MasterDataItemDeleted': {
        const data = event.data as Record<string, unknown>;
        const [collection, id] = event.type === 'GovernorateDeleted' ? [RM.governorates, data.governorateId] : [RM.masterData, data.itemId];
        await documents.collection(collection).deleteOne({ _id: String(id) });
        return changed(collection, String(id));
      }
    }
  },
};
