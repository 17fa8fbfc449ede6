import type { CreateMasterDataItem, UsedBy } from '@evc/contracts';
import type { RecordedEvent } from '@evc/platform';
import type { EventHandler, Projection, ProjectionContext } from '../runner/projection';
import { mergeOne } from '../shared/merge';
import { readModel, type ReadModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/** The stream revision staff edit against, and when it last moved. */
export type Edited = { revision: number; updatedAt: string; position: number };
/** Uses of the item (`catalog_usage`): all of them, and those by stations. */
export type Counted = { usageCount: number; stationCount: number };

export type MasterDataDoc = Omit<CreateMasterDataItem, 'parentId'> &
  Edited &
  Counted & { _id: string; parentId: string | null; parentName: string | null; parentNameAr?: string | null; searchText: string };
/** What a link or an unlink updates on the used item (a master-data item, a governorate). */
export type UsedItem = Counted & Edited & { _id: string };
/** One use of one item: `item` = `<collection>|<id>`, `itemKind` = `<item>|<kind of user>` (both indexed). */
export type CatalogUsageDoc = UsedBy & { _id: string; item: string; itemKind: string };

export const MASTER_DATA = readModel<MasterDataDoc>(READ_MODELS.masterData);
export const CATALOG_USAGE = readModel<CatalogUsageDoc>(READ_MODELS.catalogUsage);

export const searchTextOf = (...parts: unknown[]) =>
  parts
    .filter((p) => typeof p === 'string' && p !== '')
    .join(' ')
    .toLowerCase();
/** $set without undefined values (an absent optional field keeps its stored value). */
export const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
export const edited = (event: RecordedEvent): Edited => ({
  revision: event.revision,
  updatedAt: event.metadata.occurredAt,
  position: event.position,
});
/** An item no one uses yet. */
export const fresh: Counted = { usageCount: 0, stationCount: 0 };

/**
 * Linked / unlinked: one small document per use in `catalog_usage` (idempotent put / delete), then the item's
 * counts from its index (no growing array rewritten per link). The network's governorates count their stations here
 * too.
 */
async function recount(model: ReadModel<UsedItem>, id: string, event: RecordedEvent, { documents, changed }: ProjectionContext) {
  const item = `${model.name}|${id}`;
  const usage = CATALOG_USAGE.in(documents);
  const [usageCount, stationCount] = await Promise.all([
    usage.countDocuments({ item }),
    usage.countDocuments({ itemKind: `${item}|station` }),
  ]);
  if (await mergeOne(model.in(documents), id, { usageCount, stationCount, ...edited(event) }, { upsert: false })) changed(model.name, id);
}

export async function link(model: ReadModel<UsedItem>, id: string, usedBy: UsedBy, event: RecordedEvent, context: ProjectionContext) {
  const item = `${model.name}|${id}`;
  const key = `${item}|${usedBy.id}`;
  // itemKind: one indexed field, so counting one item's uses of a kind is a single exact index lookup.
  await CATALOG_USAGE.in(context.documents).replaceOne(
    { _id: key },
    { _id: key, item, itemKind: `${item}|${usedBy.kind}`, ...usedBy },
    { upsert: true },
  );
  await recount(model, id, event, context);
}

export async function unlink(model: ReadModel<UsedItem>, id: string, usedById: string, event: RecordedEvent, context: ProjectionContext) {
  await CATALOG_USAGE.in(context.documents).deleteOne({ _id: `${model.name}|${id}|${usedById}` });
  await recount(model, id, event, context);
}

export async function remove(model: ReadModel<UsedItem>, id: string, { documents, changed }: ProjectionContext) {
  await model.in(documents).deleteOne({ _id: id });
  changed(model.name, id);
}

const setMasterData: EventHandler<'MasterDataItemCreated' | 'MasterDataItemUpdated'> = async (event, { documents, changed }) => {
  const d = event.data;
  const items = MASTER_DATA.in(documents);
  const parent = d.parentId ? await items.findOne({ _id: d.parentId }) : null;
  const set = {
    ...defined(d),
    parentId: d.parentId ?? null,
    parentName: parent ? parent.name : null,
    parentNameAr: parent ? parent.nameTranslation || parent.name : null,
    searchText: searchTextOf(d.name, d.nameTranslation, d.value),
    ...edited(event),
  };
  await mergeOne(items, d.itemId, set, { setOnInsert: fresh });
  // A renamed brand renames itself in its types' rows.
  if (event.type === 'MasterDataItemUpdated')
    await items.updateMany({ parentId: d.itemId }, { $set: { parentName: d.name, parentNameAr: d.nameTranslation || d.name } });
  changed(READ_MODELS.masterData, d.itemId);
};

/** Master data as staff and the car form read them, and who uses each item (master data and governorates). */
export const catalogProjection: Projection = {
  name: 'catalog',
  collections: [READ_MODELS.masterData, READ_MODELS.catalogUsage],
  async setup(documents) {
    await documents.collection(READ_MODELS.masterData).createIndex({ kind: 1 });
    await documents.collection(READ_MODELS.masterData).createIndex({ parentId: 1 });
    await documents.collection(READ_MODELS.masterData).createIndex({ kind: 1, name: 1 });
    await documents.collection(READ_MODELS.catalogUsage).createIndex({ item: 1 });
    await documents.collection(READ_MODELS.catalogUsage).createIndex({ itemKind: 1 });
  },
  on: {
    MasterDataItemCreated: setMasterData,
    MasterDataItemUpdated: setMasterData,
    MasterDataItemDeleted: (event, context) => remove(MASTER_DATA, event.data.itemId, context),
    MasterDataUsageLinked: (event, context) => link(MASTER_DATA, event.data.itemId, event.data.usedBy, event, context),
    MasterDataUsageUnlinked: (event, context) => unlink(MASTER_DATA, event.data.itemId, event.data.usedById, event, context),
  },
};
