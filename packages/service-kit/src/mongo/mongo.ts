import mongoose, { type Connection, type Model, type Schema } from 'mongoose';
import type { Metrics } from '../observability/metrics.js';
import { recordMongoPoolMetrics } from './mongo-pool-metrics.js';

/** One mongoose connection per service database (services never share a database). */
export async function connectDatabase(
  url: string,
  dbName: string,
  metrics?: Metrics,
): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 5_000,
    // Indexes are created explicitly at start-up (syncIndexes), not lazily on first use.
    autoIndex: false,
    // Collections are created by their first write. mongoose's background createCollection races
    // that write, and mongo-java-server's H2 backend (persistent local runs) fails the loser.
    autoCreate: false,
  });
  // Before the first socket opens, so the pool's figures count every connection.
  if (metrics) recordMongoPoolMetrics(connection, metrics);
  await connection.asPromise();
  return connection;
}

/**
 * The connection's model of that name, compiled from the schema on first use: a service and its
 * tests ask for one model many times on one connection, and mongoose refuses to compile a name
 * twice. Typed by the document alone (mongoose 9 would add the default `id` virtual, which no
 * caller reads).
 *
 * @example
 * export const claimModel = (db: Connection): ClaimModel => registeredModel(db, 'Claim', claimSchema);
 */
export function registeredModel<T>(db: Connection, name: string, schema: Schema<T>): Model<T> {
  return (db.models[name] as Model<T> | undefined) ?? db.model<T>(name, schema);
}

export async function pingDatabase(connection: Connection): Promise<void> {
  if (connection.readyState !== 1 || !connection.db) throw new Error('not connected');
  await connection.db.admin().ping();
}

/** MongoDB's answer to a write that breaks a unique index. */
export const isDuplicateKeyError = (error: unknown): boolean =>
  (error as { code?: number } | null)?.code === 11000;

export interface BulkWriteFailure {
  /** The position of the failed write in the bulk write. */
  index: number;
  code: number;
}

/** The failed writes of a bulk write error (the driver gives one or a list); none for another error. */
export function bulkWriteFailuresOf(error: unknown): BulkWriteFailure[] {
  const { writeErrors } = error as { writeErrors?: BulkWriteFailure | BulkWriteFailure[] };
  return writeErrors === undefined ? [] : [writeErrors].flat();
}

/**
 * Whether every write a bulk write (an unordered `insertMany`) refused was refused for a duplicate
 * key, that is made before (a redelivered message's records): then the rest went in. A single
 * refused insert may come as a plain duplicate key error, naming no position.
 */
export function onlyDuplicateKeys(error: unknown): boolean {
  const failures = bulkWriteFailuresOf(error);
  return failures.length > 0
    ? failures.every((failure) => failure.code === 11000)
    : isDuplicateKeyError(error);
}

/**
 * Inserts a record that holds a key in a unique field — one at a time per key, across instances
 * (a running job of a seller or a connection) — or answers the record that holds it already. Should
 * the holder let go between the refused insert and the read, the insert is tried again.
 */
export async function insertUnlessHeld<T>(
  insert: () => Promise<T>,
  findHolder: () => Promise<T | null>,
): Promise<{ record: T; inserted: boolean }> {
  for (;;) {
    try {
      return { record: await insert(), inserted: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const holder = await findHolder();
      if (holder) return { record: holder, inserted: false };
    }
  }
}
