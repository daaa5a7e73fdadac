import mongoose from 'mongoose';
import { startInfra } from '@onvelope/infra';
const infra = await startInfra({ parts: ['mongo'] });
const db = await mongoose.createConnection(infra.mongoUrl, { dbName: 'probe' }).asPromise();
const c = db.collection('t');
await c.createIndex({ storeFrontKey: 1 }, { unique: true, sparse: true });
await c.createIndex({ accountId: 1, source: 1, externalId: 1 }, { unique: true, sparse: true, name: 'compound_sparse' });
for (const doc of [{ a: 1 }, { a: 2 }, { storeFrontKey: 'k', accountId: 'x', source: 'b', externalId: 'e' }, { storeFrontKey: 'k', accountId: 'x', source: 'b', externalId: 'f' }, { accountId: 'x', source: 'b', externalId: 'f' }, { accountId: 'x', source: 'csv' }, { accountId: 'x', source: 'csv' }]) {
  try { await c.insertOne(doc); console.log('ok', JSON.stringify(doc)); } catch (e) { console.log('fail', JSON.stringify(doc), (e as Error).message); }
}
await db.close(); await infra.stop();
