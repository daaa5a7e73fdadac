import mongoose from 'mongoose';
import { startInfra } from '@onvelope/infra';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
const infra = await startInfra({ parts: ['mongo'] });
const db = await mongoose.createConnection(infra.mongoUrl, { dbName: 'probe' }).asPromise();
const model = trackingEntryModel(db);
await model.init();
const accountId = 'a';
let n = 0;
for (const size of [1000, 20000]) {
  while (n < size) {
    await model.collection.insertMany(Array.from({ length: 1000 }, (_, i) => ({ accountId, orderNumber: `O-${n + i}`, source: 'csv' })));
    n += 1000;
  }
  let t = performance.now();
  for (let i = 0; i < 100; i += 1) await model.collection.findOne({ accountId, orderNumber: `O-${i * 7}` });
  console.log(size, 'seq findOne x100', (performance.now() - t).toFixed(0));
  t = performance.now();
  for (let i = 0; i < 100; i += 1) await model.collection.findOne({ orderNumber: `O-${i * 7}`, accountId });
  console.log(size, 'seq findOne swapped x100', (performance.now() - t).toFixed(0));
  t = performance.now();
  await model.collection.find({ accountId, orderNumber: { $in: Array.from({ length: 100 }, (_, i) => `O-${i * 7}`) } }).toArray();
  console.log(size, '$in 100', (performance.now() - t).toFixed(0));
  t = performance.now();
  await model.collection.find({ _id: { $in: [] } }).toArray();
  t = performance.now();
  const ops = Array.from({ length: 100 }, (_, i) => ({ updateOne: { filter: { accountId, orderNumber: `O-${i * 7}` }, update: { $inc: { version: 1 } }, upsert: true } }));
  await model.collection.bulkWrite(ops);
  console.log(size, 'bulk upsert 100 existing', (performance.now() - t).toFixed(0));
}
await db.close(); await infra.stop();
