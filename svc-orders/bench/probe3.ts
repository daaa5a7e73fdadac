import mongoose from 'mongoose';
import { startInfra } from '@onvelope/infra';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
const infra = await startInfra({ parts: ['mongo'] });
const db = await mongoose.createConnection(infra.mongoUrl, { dbName: 'probe' }).asPromise();
const model = trackingEntryModel(db);
await model.init();
const accountId = 'a';
for (let b = 0; b < 20; b += 1) {
  const docs = Array.from({ length: 1000 }, (_, i) => ({ accountId, orderNumber: `O-${b * 1000 + i}`, source: 'csv', storeFrontKey: undefined }));
  await model.collection.insertMany(docs.map(({ storeFrontKey: _s, ...d }) => d));
}
const nums = Array.from({ length: 1000 }, (_, i) => `O-${5000 + i}`);
let t = performance.now();
const r1 = await Promise.all(nums.map((orderNumber) => model.collection.findOne({ accountId, orderNumber })));
console.log('concurrent findOne', (performance.now() - t).toFixed(0), r1.filter(Boolean).length);
t = performance.now();
const r2 = await model.collection.find({ $or: nums.map((orderNumber) => ({ accountId, orderNumber })) }).toArray();
console.log('$or', (performance.now() - t).toFixed(0), r2.length);
t = performance.now();
const r3 = await model.collection.find({ accountId, orderNumber: { $in: nums } }).toArray();
console.log('$in', (performance.now() - t).toFixed(0), r3.length);
t = performance.now();
const r4 = await model.collection.find({ accountId }).sort({ createdAt: -1 }).limit(25).toArray();
console.log('list sort', (performance.now() - t).toFixed(0), r4.length);
t = performance.now();
const r5 = await model.collection.countDocuments({ accountId, status: { $nin: ['shipped'] } });
console.log('count', (performance.now() - t).toFixed(0), r5);
await db.close(); await infra.stop();
