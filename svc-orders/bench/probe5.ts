import mongoose from 'mongoose';
import { startInfra } from '@onvelope/infra';
const infra = await startInfra({ parts: ['mongo'] });
const db = await mongoose.createConnection(infra.mongoUrl, { dbName: 'probe' }).asPromise();
const c = db.collection('t');
await c.createIndex({ key: 1 }, { unique: true });
await c.createIndex({ accountId: 1, orderNumber: 1 }, { unique: true });
let n = 0;
for (const size of [1000, 20000, 60000]) {
  while (n < size) { await c.insertMany(Array.from({ length: 1000 }, (_, i) => ({ key: `a:${n + i}`, accountId: 'a', orderNumber: `${n + i}` }))); n += 1000; }
  const keys = Array.from({ length: 1000 }, (_, i) => `a:${i * 7}`);
  let t = performance.now();
  const r = await c.find({ key: { $in: keys } }).toArray();
  console.log(size, 'single unique $in 1000', (performance.now() - t).toFixed(0), r.length);
  t = performance.now();
  const r2 = await c.find({ key: { $in: keys }, accountId: 'a' }).toArray();
  console.log(size, 'single unique $in + accountId', (performance.now() - t).toFixed(0), r2.length);
  t = performance.now();
  const r3 = await c.find({ $and: [{ key: { $in: keys } }, { accountId: 'a' }] }).toArray();
  console.log(size, '$and', (performance.now() - t).toFixed(0), r3.length);
}
await db.close(); await infra.stop();
