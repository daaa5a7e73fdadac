#!/usr/bin/env node
import { startStoreFrontSim } from './start.js';

// Configuration by environment, like every app here; the defaults give a newcomer two demo stores,
// one small and one above the 1000-order first-sync warning.
const env = process.env;
const ordersPerStore = (env.STOREFRONT_SIM_ORDERS ?? '120,1500')
  .split(',')
  .map((count) => Number(count.trim()));
if (ordersPerStore.some((count) => !Number.isInteger(count) || count < 0)) {
  console.error('STOREFRONT_SIM_ORDERS must be comma-separated whole numbers, e.g. "120,1500"');
  process.exit(1);
}

const sim = await startStoreFrontSim({
  port: Number(env.STOREFRONT_SIM_PORT ?? 4010),
  host: env.STOREFRONT_SIM_HOST ?? '127.0.0.1',
  seed: Number(env.STOREFRONT_SIM_SEED ?? 1),
  stores: ordersPerStore.map((ordersCount) => ({ ordersCount })),
  clientId: env.STOREFRONT_SIM_CLIENT_ID ?? 'onvelope-dev',
  clientSecret: env.STOREFRONT_SIM_CLIENT_SECRET ?? 'onvelope-dev-secret',
});

console.log(`Big Cartel simulator listening on ${sim.url}`);
console.log(`  authorize: ${sim.authorizeUrl}`);
console.log(`  token:     ${sim.tokenUrl}`);
console.log(`  api:       ${sim.apiUrl}`);
console.log(`  admin:     ${sim.url}/_admin/stores`);
console.log(`  client_id=${sim.clientId} client_secret=${sim.clientSecret}`);
for (const store of sim.stores) {
  console.log(
    `  store "${store.storeName}" (${store.subdomain}) account ${store.accountId}: ${store.ordersCount} orders, token ${store.accessToken}`,
  );
}

const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
