/**
 * Read-model store: the subset of MongoDB's collection API that projections and queries use.
 * The MongoDB adapter is the driver's own Collection; the embedded adapter implements the same semantics in memory.
 * Filters, update operators, sort, projection and aggregation stages follow MongoDB's documented behaviour.
 */
export type Doc = Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1 | boolean>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface Cursor<T> {
  toArray(): Promise<T[]>;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  upsertedId?: unknown;
}

export interface DeleteResult {
  deletedCount: number;
}

export type BulkOperation =
  | { insertOne: { document: Doc } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: Update; upsert?: boolean } }
  | { replaceOne: { filter: Filter; replacement: Doc; upsert?: boolean } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

export interface BulkWriteResult {
  insertedCount: number;
  matchedCount: number;
  modifiedCount: number;
  deletedCount: number;
  upsertedCount: number;
}

export interface IndexOptions {
  unique?: boolean;
  name?: string;
}

export interface Collection<T extends Doc = Doc> {
  readonly collectionName: string;
  find(filter?: Filter, options?: FindOptions): Cursor<T>;
  findOne(filter?: Filter, options?: FindOptions): Promise<T | null>;
  countDocuments(filter?: Filter): Promise<number>;
  insertOne(document: T): Promise<{ insertedId: unknown }>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<DeleteResult>;
  deleteMany(filter?: Filter): Promise<DeleteResult>;
  bulkWrite(operations: BulkOperation[], options?: { ordered?: boolean }): Promise<BulkWriteResult>;
  aggregate<R = Doc>(pipeline: Doc[]): Cursor<R>;
  /** Keys as in MongoDB ({ field: 1 } or { field: -1 }); the embedded store uses equality indexes to speed lookups. */
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<string>;
}

export interface DocumentStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Drop a collection (used by projection rebuilds). */
  dropCollection(name: string): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  readonly code = 11000;
  constructor(message: string) {
    super(message);
    this.name = 'DuplicateKeyError';
  }
}
