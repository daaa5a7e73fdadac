import { Agent, request } from 'node:http';
import { startInfra } from '@onvelope/infra';
import { startApp, startTestIssuer } from '@onvelope/testkit';
const PATH = '/api/payments/plans';
function get(agent: Agent, base: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const call = request({ agent, hostname: base.hostname, port: base.port, path: PATH, method: 'GET' }, (a) => { a.resume(); a.once('end', () => resolve()); });
    call.once('error', reject); call.end();
  });
}
async function load(url: string, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const base = new URL(url); let n = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: 32 }, async () => { while (performance.now() < until) { await get(agent, base); n++; } }));
  agent.destroy(); return n / seconds;
}
const infra = await startInfra();
const issuer = await startTestIssuer({ natsUrl: infra.natsUrl });
const billing = await startApp('svc-billing', { MONGO_URL: infra.mongoUrl, NATS_URL: infra.natsUrl, STRIPE_MOCK_URL: infra.stripeMockUrl, AUTH_JWKS_URL: issuer.url });
const gateway = await startApp('gateway', { BILLING_SERVICE_URL: billing.url, SERVE_FRONTENDS: 'false' }, undefined, 'gateway');
console.log('gateway', await load(gateway.url, 15));
await gateway.stop(); await billing.stop(); await issuer.close(); await infra.stop();
