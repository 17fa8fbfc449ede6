import type { Collection, Doc } from '@evc/platform';

/**
 * `$set` (and `$setOnInsert`) on one document by id, as a read and a whole-document replace. Same result as
 * `updateOne(..., { upsert })`, and much faster on the embedded store, whose `updateOne` runs MongoDB's update
 * language (mingo) per call; projections have one writer, so read-then-replace is safe. Plain top-level fields only.
 * Answers whether the document existed; with `upsert: false` a missing document is left missing.
 */
export async function mergeOne(collection: Collection<Doc>, id: string, set: Doc, options: { setOnInsert?: Doc; upsert?: boolean } = {}): Promise<boolean> {
  const current = await collection.findOne({ _id: id });
  if (!current && options.upsert === false) return false;
  const next = current ? { ...current, ...set } : { _id: id, ...options.setOnInsert, ...set };
  await collection.replaceOne({ _id: id }, next, { upsert: true });
  return current !== null;
}
