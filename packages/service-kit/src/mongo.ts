import mongoose, { type Connection } from 'mongoose';

/** One mongoose connection per service database (services never share a database). */
export async function connectDatabase(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 5_000,
    // Indexes are created explicitly at start-up (syncIndexes), not lazily on first use.
    autoIndex: false,
    // Collections are created by their first write. mongoose's background createCollection races
    // that write, and mongo-java-server's H2 backend (persistent local runs) fails the loser.
    autoCreate: false,
  });
  await connection.asPromise();
  return connection;
}

export async function pingDatabase(connection: Connection): Promise<void> {
  if (connection.readyState !== 1 || !connection.db) throw new Error('not connected');
  await connection.db.admin().ping();
}
