import mongoose from 'mongoose';
import { request } from 'node:http';
import { startInfra } from '@onvelope/infra';
import { startTestIssuer } from '@onvelope/testkit';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { driverQueriesOf, startGatewayFor, startOrdersApp, timeRuns, upload } from './support.js';
const infra = await startInfra({ parts: ['mongo', 'nats'] });
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const database = `decomp_${Date.now()}`;
const db = await mongoose.createConnection(infra.mongoUrl, { dbName: database }).asPromise();
const orders = await startOrdersApp({ MONGO_URL: infra.mongoUrl, NATS_URL: infra.natsUrl, MONGO_DB: database, AUTH_JWKS_URL: issuer.url });
const gateway = await startGatewayFor(orders);
const token = await issuer.merchantToken('s1');
await upload(gateway.url, token, 1000);
const driver = driverQueriesOf(trackingEntryModel(db).collection, 's1');
const viaFetch = (base: string, enc?: string) => async (path: string) => {
  const r = await fetch(base + path, { headers: { authorization: `Bearer ${token}`, ...(enc ? { 'accept-encoding': enc } : {}) } });
  await r.json();
};
const viaHttp = (base: string, enc: string) => (path: string) => new Promise<void>((res, rej) => {
  const u = new URL(base);
  const c = request({ hostname: u.hostname, port: u.port, path, headers: { authorization: `Bearer ${token}`, 'accept-encoding': enc } }, (a) => { const b: Buffer[] = []; a.on('data', (d) => b.push(d)); a.on('end', () => { res(); }); });
  c.on('error', rej); c.end();
});
const N = Number(process.env.N ?? 100);
const list = '/api/upload/tracking-entries?sortBy=email&sortOrder=desc';
for (let round = 0; round < 2; round++) {
  const r: Record<string, string> = {};
  const t = async (k: string, f: () => Promise<unknown>) => { const x = await timeRuns(N, f); r[k] = x.median.toFixed(2); };
  await t('driver list', () => driver.list('email'));
  await t('svc http identity', () => viaHttp(orders.url, 'identity')(list));
  await t('gw http identity', () => viaHttp(gateway.url, 'identity')(list));
  await t('gw http br', () => viaHttp(gateway.url, 'br')(list));
  await t('gw fetch default', () => viaFetch(gateway.url)(list));
  await t('svc fetch', () => viaFetch(orders.url)(list));
  await t('driver summary', () => driver.summary());
  await t('svc summary', () => viaHttp(orders.url, 'identity')('/api/upload/summary'));
  await t('gw summary', () => viaHttp(gateway.url, 'identity')('/api/upload/summary'));
  await t('svc healthz', () => viaHttp(orders.url, 'identity')('/healthz'));
  await t('gw healthz', () => viaHttp(gateway.url, 'identity')('/healthz'));
  console.log(JSON.stringify(r));
}
await gateway.stop(); await orders.stop(); await db.close(); await issuer.close(); await infra.stop();
