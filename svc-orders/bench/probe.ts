import mongoose from 'mongoose';
import { startInfra } from '@onvelope/infra';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';

const infra = await startInfra({ parts: ['mongo'] });
const db = await mongoose.createConnection(infra.mongoUrl, { dbName: 'probe' }).asPromise();
const model = trackingEntryModel(db);
await model.init();
const accountId = 'a';
for (let b = 0; b < 10; b += 1) {
  const nums = Array.from({ length: 1000 }, (_, i) => `O-${b * 1000 + i}`);
  let t = performance.now();
  await model.find({ accountId, orderNumber: { $in: nums } }).lean();
  const tFind = performance.now() - t;
  t = performance.now();
  await model.collection.bulkWrite(nums.map((orderNumber) => ({ updateOne: { filter: { accountId, orderNumber }, update: { $set: { status: 'pending', firstName: 'x' }, $inc: { version: 1 }, $setOnInsert: { createdAt: new Date(), source: "csv" } }, upsert: true } })), { ordered: true });
  const tBulk = performance.now() - t;
  t = performance.now();
  await model.collection.insertMany(nums.map((orderNumber) => ({ accountId: 'b' + b, orderNumber, status: 'pending' })));
  const tIns = performance.now() - t;
  console.log(b, 'find', tFind.toFixed(0), 'bulk', tBulk.toFixed(0), 'insert', tIns.toFixed(0));
}
await db.close();
await infra.stop();
