import type {
  BulkOperation,
  BulkWriteResult,
  Collection,
  Cursor,
  DeleteResult,
  Doc,
  Filter,
  FindOptions,
  IndexOptions,
  Update,
  UpdateOptions,
  UpdateResult,
} from '../ports/documents';
import { aggregate, count, find } from './query';
import { cloneValue, deepEqual, newObjectIdHex } from './values';
import { deleteDocs, insertDoc, replaceDocs, updateDocs, type CollectionState } from './writes';

const cursor = <T>(produce: () => T[]): Cursor<T> => ({ toArray: async () => produce() });

/** MongoDB's default index name: `field_1_other_-1`. */
const defaultIndexName = (keys: Record<string, 1 | -1>) =>
  Object.entries(keys)
    .map(([k, v]) => `${k}_${v}`)
    .join('_');

/**
 * One collection of the memory store. Every operation runs synchronously inside its promise, so each write is
 * atomic with respect to others, as a single-document write is in MongoDB. Stored documents never leave the
 * store: inputs are copied in, results are copied out. `T` is trusted, as with the driver.
 */
export class MemoryCollection<T extends Doc = Doc> implements Collection<T> {
  constructor(
    private readonly state: CollectionState,
    private readonly resolve: (name: string) => Doc[],
  ) {}

  get collectionName(): string {
    return this.state.name;
  }

  find(filter?: Filter, options?: FindOptions): Cursor<T> {
    // Evaluated by toArray(), like a driver cursor.
    return cursor(() => find(this.state, filter, options) as T[]);
  }

  async findOne(filter?: Filter, options?: FindOptions): Promise<T | null> {
    return (find(this.state, filter, { ...options, limit: 1 })[0] as T | undefined) ?? null;
  }

  async countDocuments(filter?: Filter): Promise<number> {
    return count(this.state, filter);
  }

  async insertOne(document: T): Promise<{ insertedId: unknown }> {
    // Like the driver, a missing _id is generated and written back into the caller's object.
    if (document._id === undefined) (document as Doc)._id = newObjectIdHex();
    const { _id, ...rest } = cloneValue(document) as Doc;
    insertDoc(this.state, { _id, ...rest });
    return { insertedId: document._id };
  }

  async updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    return updateDocs(this.state, filter, update, options?.upsert ?? false, false);
  }

  async updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    return updateDocs(this.state, filter, update, options?.upsert ?? false, true);
  }

  async replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult> {
    return replaceDocs(this.state, filter, replacement, options?.upsert ?? false);
  }

  async deleteOne(filter: Filter): Promise<DeleteResult> {
    return { deletedCount: deleteDocs(this.state, filter, false) };
  }

  async deleteMany(filter?: Filter): Promise<DeleteResult> {
    return { deletedCount: deleteDocs(this.state, filter, true) };
  }

  /**
   * Ordered (default): stops at the first failing operation, earlier ones stay applied, and rethrows its error.
   * Unordered: runs them all and rethrows the first error. The error carries `result` (counts so far), as the
   * driver's MongoBulkWriteError carries its partial result.
   */
  async bulkWrite(operations: BulkOperation[], options?: { ordered?: boolean }): Promise<BulkWriteResult> {
    const ordered = options?.ordered ?? true;
    const result: BulkWriteResult = { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 };
    const add = (r: UpdateResult) => {
      result.matchedCount += r.matchedCount;
      result.modifiedCount += r.modifiedCount;
      result.upsertedCount += r.upsertedCount;
    };
    let firstError: unknown;
    for (const op of operations) {
      try {
        if ('insertOne' in op) {
          await this.insertOne(op.insertOne.document as T);
          result.insertedCount++;
        } else if ('updateOne' in op) {
          add(updateDocs(this.state, op.updateOne.filter, op.updateOne.update, op.updateOne.upsert ?? false, false));
        } else if ('updateMany' in op) {
          add(updateDocs(this.state, op.updateMany.filter, op.updateMany.update, op.updateMany.upsert ?? false, true));
        } else if ('replaceOne' in op) {
          add(replaceDocs(this.state, op.replaceOne.filter, op.replaceOne.replacement, op.replaceOne.upsert ?? false));
        } else if ('deleteOne' in op) {
          result.deletedCount += deleteDocs(this.state, op.deleteOne.filter, false);
        } else if ('deleteMany' in op) {
          result.deletedCount += deleteDocs(this.state, op.deleteMany.filter, true);
        } else {
          throw new Error(`unknown bulk operation ${Object.keys(op as object).join(',')}`);
        }
      } catch (error) {
        firstError ??= error;
        if (ordered) break;
      }
    }
    if (firstError !== undefined) {
      if (firstError instanceof Error) Object.assign(firstError, { result });
      throw firstError;
    }
    return result;
  }

  aggregate<R = Doc>(pipeline: Doc[]): Cursor<R> {
    return cursor(() => aggregate(this.state, pipeline, this.resolve) as R[]);
  }

  async createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<string> {
    if (Object.keys(keys).length === 1 && '_id' in keys) return '_id_'; // always there
    const name = options?.name ?? defaultIndexName(keys);
    const unique = options?.unique ?? false;
    const same = this.state.indexes.definitions.find((d) => deepEqual(d.keys, keys) && d.unique === unique);
    if (same) return same.name;
    if (this.state.indexes.definitions.some((d) => d.name === name)) {
      throw new Error(`An existing index has the same name as the requested index: ${name}`);
    }
    this.state.indexes.create({ name, keys: { ...keys }, unique }, this.state.docs);
    return name;
  }
}
