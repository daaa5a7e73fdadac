import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../src/index.js';

// Issue 32 §11: under `npm start` the services listened on every interface and believed any
// caller's X-Forwarded-For, so a caller reaching one directly chose the address it was limited by.
// The system runs from the apps' dist (`npx tsc -b tsconfig.build.json`).

/** An address of this machine that is not loopback, to call from "another machine". */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe('the services under npm start', () => {
  let system: RunningSystem;

  beforeAll(async () => {
    system = await startSystem({
      gatewayPort: 0,
      servicePorts: 'free',
      env: { LOG_LEVEL: 'warn', SIGN_UPS_PER_ADDRESS: '2' },
      sink: () => undefined,
    });
  }, 120_000);
  afterAll(() => system?.stop(), 60_000);

  it.skipIf(!outsideAddress)('cannot be reached from another address', async () => {
    expect(Object.keys(system.serviceUrls)).toHaveLength(6);
    for (const [name, url] of Object.entries(system.serviceUrls)) {
      expect((await fetch(`${url}/healthz`)).status, name).toBe(200);
      const fromOutside = `http://${outsideAddress}:${new URL(url).port}/healthz`;
      await expect(fetch(fromOutside), name).rejects.toThrow();
    }
  });

  it('limit a caller that reaches one directly by its own address, and believe the gateway', async () => {
    const signUp = (base: string, n: number, headers: Record<string, string> = {}) =>
      fetch(`${base}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: `direct-${n}@example.com`, password: 'passw0rd-long' }),
      });
    const svcAuth = system.serviceUrls['svc-auth']!;
    const statuses = [];
    for (const n of [1, 2, 3]) {
      statuses.push((await signUp(svcAuth, n, { 'x-forwarded-for': `203.0.113.${n}` })).status);
    }
    // Two sign-ups an address (SIGN_UPS_PER_ADDRESS), counted against 127.0.0.1, not 203.0.113.x.
    expect(statuses).toEqual([200, 200, 429]);

    // Through the gateway, a caller from another address has that address's allowance: the
    // service believed the gateway's X-Forwarded-For (or it would be 127.0.0.1, used up above).
    if (!outsideAddress) return;
    const gatewayPort = new URL(system.url).port;
    const throughGateway = await signUp(`http://${outsideAddress}:${gatewayPort}`, 4);
    expect(throughGateway.status).toBe(200);
  });
});
