import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import type { DocumentStoreDifferences } from './documents.contract';

/** MongoDB itself in a container: a single-node replica set that advertises its internal host name. */
export const mongoContainer = {
  start: () => new MongoDBContainer('mongo:8.0').start(),
  url: (c: StartedMongoDBContainer) => `${c.getConnectionString()}/?directConnection=true`,
};

/**
 * Where FerretDB (the MongoDB-wire server the tests start without Docker) differs from MongoDB in what the product
 * does not use; each case is skipped on it with this reason. The adapter covers the differences the product meets
 * (the positional operator, unique indexes refusing updates): see platform/src/documents/README.md.
 */
export const FERRETDB_DIFFERENCES: DocumentStoreDifferences = {
  elemMatchOnFields: 'FerretDB 1.x reads field names inside $elemMatch as operators; the product does not use $elemMatch',
  noopModifiedCount:
    'FerretDB 1.x counts an update that changes nothing as modified; the product uses modifiedCount only to send change notices, one more is harmless',
  aggregateExpressions:
    'FerretDB 1.x supports neither field-path expressions in $project nor $sum: 1 in $group; the product runs no aggregation pipeline',
  nestedArrays: 'FerretDB 1.x refuses arrays inside arrays; no read model stores one',
};

/** Why the frame log's cases of thousands of appends are skipped on FerretDB: they run on MongoDB itself. */
export const FERRETDB_SLOW_FRAME_LOG =
  'FerretDB 1.x on SQLite takes tens of milliseconds an append with its trimming, so the cases of thousands of appends take minutes; they run against MongoDB through testcontainers';
