import { MongoClient, ObjectId, type AnyBulkWriteOperation, type Collection as MongoCollection, type Document } from 'mongodb';
import {
  DuplicateKeyError,
  type BulkOperation,
  type Collection,
  type Cursor,
  type Doc,
  type DocumentStore,
  type Filter,
  type Update,
} from '../ports/documents';
import { pinPositional } from './writes';

/**
 * Read models on MongoDB: the driver's Collection, passed through with thin glue for three differences:
 * - ids: the embedded store generates 24-hex-digit *strings*; here `pkFactory` does the same for inserts, and
 *   upserts whose filter has no `_id` get one via `$setOnInsert` (the server would otherwise create an ObjectId),
 *   so `{ _id: idFromUrl }` works in both profiles;
 * - errors: duplicate keys (code 11000) surface as the port's DuplicateKeyError (original kept as `cause`);
 * - typing: the port's loose Filter/Update types are handed to the driver's generic ones.
 */
export async function openMongoDocumentStore(url: string, dbName?: string): Promise<DocumentStore> {
  const client = new MongoClient(url, { pkFactory: { createPk: () => new ObjectId().toHexString() } });
  await client.connect();
  const db = client.db(dbName);
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      return wrap<T>(db.collection<Document>(name));
    },
    async dropCollection(name: string): Promise<void> {
      await mapErrors(() => db.dropCollection(name)).catch((error: unknown) => {
        if ((error as { code?: number }).code !== 26) throw error; // NamespaceNotFound: nothing to drop
      });
    },
    close: () => client.close(),
  };
}

/**
 * A unique index refusing a write: MongoDB's code 11000; FerretDB on SQLite answers an update or replacement that
 * would break one with an InternalError carrying SQLite's constraint message (its inserts answer 11000).
 */
const isDuplicateKey = (error: unknown) =>
  (error as { code?: number }).code === 11000 || /UNIQUE constraint failed/.test((error as Error | undefined)?.message ?? '');

/** FerretDB refuses the positional operator (`list.$`) in updates; MongoDB applies it. */
const isPositionalUnsupported = (error: unknown) => /Cannot create field '\$'/.test((error as Error | undefined)?.message ?? '');

/**
 * The positional update on a server without the operator: resolved on the document the filter selects, written with
 * a filter pinned to that document and to the elements found, again if a concurrent write moved them.
 */
async function updatePinned(c: MongoCollection<Document>, filter: Filter, update: Update, original: unknown) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const doc = await c.findOne(filter);
    if (!doc) return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
    const pinned = pinPositional(doc, filter, update);
    if (!pinned) throw original;
    const result = await c.updateOne(pinned.filter, pinned.update);
    if (result.matchedCount > 0) return result;
  }
  throw original;
}

async function mapErrors<R>(operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    if (isDuplicateKey(error)) {
      const mapped = new DuplicateKeyError((error as Error).message);
      (mapped as Error & { cause?: unknown }).cause = error;
      throw mapped;
    }
    throw error;
  }
}

const newId = () => new ObjectId().toHexString();

/** Upserts without `_id` in the filter get a string id, as the embedded store does. */
function withUpsertId(filter: Filter, update: Update, upsert: boolean | undefined): Update {
  if (!upsert || '_id' in filter) return update;
  const onInsert = (update.$setOnInsert as Doc | undefined) ?? {};
  const set = (update.$set as Doc | undefined) ?? {};
  if ('_id' in onInsert || '_id' in set) return update;
  return { ...update, $setOnInsert: { _id: newId(), ...onInsert } };
}

function withReplacementId(filter: Filter, replacement: Doc, upsert: boolean | undefined): Doc {
  if (!upsert || '_id' in filter || '_id' in replacement) return replacement;
  return { _id: newId(), ...replacement };
}

function toDriverOperation(op: BulkOperation): AnyBulkWriteOperation<Document> {
  if ('updateOne' in op) {
    const { filter, update, upsert } = op.updateOne;
    return { updateOne: { filter, update: withUpsertId(filter, update, upsert), upsert } };
  }
  if ('updateMany' in op) {
    const { filter, update, upsert } = op.updateMany;
    return { updateMany: { filter, update: withUpsertId(filter, update, upsert), upsert } };
  }
  if ('replaceOne' in op) {
    const { filter, replacement, upsert } = op.replaceOne;
    return { replaceOne: { filter, replacement: withReplacementId(filter, replacement, upsert), upsert } };
  }
  return op; // insertOne / deleteOne / deleteMany have the driver's shape already
}

function wrap<T extends Doc>(c: MongoCollection<Document>): Collection<T> {
  return {
    collectionName: c.collectionName,
    // Cursors are the driver's own (they have toArray); results are typed as the caller's T, as with the driver.
    find: (filter = {}, options) => c.find<T>(filter, options),
    findOne: (filter = {}, options) => mapErrors(() => c.findOne<T>(filter, options)),
    countDocuments: (filter = {}) => mapErrors(() => c.countDocuments(filter)),
    insertOne: (document) => mapErrors(() => c.insertOne(document)),
    updateOne: (filter, update, options) =>
      mapErrors(async () => {
        try {
          return await c.updateOne(filter, withUpsertId(filter, update, options?.upsert), options);
        } catch (error) {
          if (options?.upsert || !isPositionalUnsupported(error)) throw error;
          return updatePinned(c, filter, update, error);
        }
      }),
    updateMany: (filter, update, options) => mapErrors(() => c.updateMany(filter, withUpsertId(filter, update, options?.upsert), options)),
    replaceOne: (filter, replacement, options) =>
      mapErrors(() => c.replaceOne(filter, withReplacementId(filter, replacement, options?.upsert), options)),
    deleteOne: (filter) => mapErrors(() => c.deleteOne(filter)),
    deleteMany: (filter = {}) => mapErrors(() => c.deleteMany(filter)),
    bulkWrite: (operations, options) =>
      mapErrors(async () => {
        const r = await c.bulkWrite(operations.map(toDriverOperation), { ordered: options?.ordered ?? true });
        return {
          insertedCount: r.insertedCount,
          matchedCount: r.matchedCount,
          modifiedCount: r.modifiedCount,
          deletedCount: r.deletedCount,
          upsertedCount: r.upsertedCount,
        };
      }),
    // The driver constrains R to Document; the port does not (results are whatever the pipeline builds).
    aggregate: <R>(pipeline: Doc[]) => c.aggregate(pipeline) as unknown as Cursor<R>,
    createIndex: (keys, options) => mapErrors(() => c.createIndex(keys, options)),
  };
}
