import type { Collection, Doc } from '@evc/platform';

/**
 * `$set` (and `$setOnInsert`) on one document by id: one `updateOne`, which the embedded store applies without
 * the general update language for plain field paths. Answers whether the document existed; with `upsert: false` a
 * missing document is left missing.
 */
export async function mergeOne<T extends Doc>(
  collection: Collection<T>,
  id: string,
  set: Partial<T>,
  options: { setOnInsert?: Partial<T>; upsert?: boolean } = {},
): Promise<boolean> {
  const { _id: _ignored, ...fields } = set;
  const update: Doc = { $set: fields };
  // $setOnInsert may not name a field that $set names (MongoDB refuses the conflict).
  const onInsert = Object.fromEntries(Object.entries(options.setOnInsert ?? {}).filter(([k]) => !(k in fields)));
  if (Object.keys(onInsert).length > 0) update.$setOnInsert = onInsert;
  const result = await collection.updateOne({ _id: id }, update, { upsert: options.upsert !== false });
  return result.matchedCount > 0;
}
