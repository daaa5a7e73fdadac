import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, type ApiAccount } from '../../src/accounts.js';
import { startSystem, type RunningSystem } from '../../src/index.js';

// Issue 40: the multi-replica topology (2 replicas of every service and of the gateway behind
// round-robins, a 3-node NATS JetStream cluster) holds through faults: one NATS node stopped, one
// replica of every app killed, then both back, while the seller works. The apps run from their
// dist (`npx tsc -b tsconfig.build.json`), as under `npm run start:cluster`. In the e2e project:
// seventeen processes start, so it runs alone, not beside the service tests.

const ORDERS_BEFORE = 300;
const ORDERS_AFTER = 300;
const header = 'orderNumber,firstName,lastName,email,postcode,status';
const csvOf = (from: number, to: number) => {
  const rows = [header];
  for (let n = from; n <= to; n += 1)
    rows.push(`CL-${n},Ann,Lee,ann.${n}@example.com,SW1A 1AA,processing`);
  return `${rows.join('\r\n')}\r\n`;
};

interface Outcome {
  at: number;
  status: number;
  path: string;
}

describe('the cluster topology under faults', () => {
  let system: RunningSystem;
  let seller: ApiAccount;
  const logTail: string[] = [];

  beforeAll(async () => {
    system = await startSystem({
      gatewayPort: 0,
      servicePorts: 'free',
      replicas: 2,
      natsNodes: 3,
      sink: (app, line) => {
        logTail.push(`${app} ${line}`);
        if (logTail.length > 400) logTail.shift();
      },
    }).catch((error: Error) => {
      throw new Error(
        `${error.message}\n--- the apps' last lines ---\n${logTail.slice(-80).join('\n')}`,
      );
    });
    seller = await createSeller(system, { onboarded: true });
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
  }, 120_000);

  /** Connections a killed gateway replica dropped under a call, which was then sent again. */
  let dropped = 0;
  /**
   * One call through the gateways' round-robin. A connection the killed replica drops is sent
   * again once on a new connection, as a browser does when a kept-alive connection closes under
   * a request (and as only idempotent calls are here: reads, and PUTs of the same shipment).
   */
  async function call(method: string, path: string, body?: unknown | FormData) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await fetch(`${system.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${seller.token}`,
            ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
        });
        // `sentAgain`: a PUT sent again may meet what its first sending stored.
        return {
          status: response.status,
          body: (await response.text()) || '{}',
          sentAgain: attempt > 1,
        };
      } catch (error) {
        if (attempt > 1 || body instanceof FormData) throw error;
        dropped += 1;
      }
    }
  }
  async function importOrders(csv: string) {
    const form = new FormData();
    form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
    const answer = await call('POST', '/api/upload/csv', form);
    expect(answer.status, answer.body).toBe(200);
  }
  const summary = async () =>
    JSON.parse((await call('GET', '/api/upload/summary?omitShipped=false')).body) as {
      total: number;
      statusCounts: { shipped: number };
    };
  const analysedOrders = async () => {
    const answer = await call('GET', '/api/analytics/shipping-performance?days=30');
    if (answer.status !== 200) return -1;
    const { data } = JSON.parse(answer.body) as {
      data: { deliverySuccess: { orderCount: number }[] };
    };
    return data.deliverySuccess.reduce((sum, row) => sum + row.orderCount, 0);
  };

  it('loses and doubles nothing while a NATS node and one replica of every app go away and come back', async () => {
    expect(system.natsNodes).toHaveLength(3);
    const names = Object.keys(system.processes());
    expect(names).toContain('svc-orders-2');
    expect(names).toContain('gateway-2');
    await importOrders(csvOf(1, ORDERS_BEFORE));

    // The seller works throughout: reads the dashboard and ships an order at a time.
    const outcomes: Outcome[] = [];
    const shipped = new Set<string>();
    let working = true;
    const reading = (async () => {
      while (working) {
        const path = '/api/upload/summary?omitShipped=false';
        outcomes.push({ at: Date.now(), status: (await call('GET', path)).status, path });
        await sleep(20);
      }
    })();
    const shipping = (async () => {
      for (let n = 1; working && n <= ORDERS_BEFORE; n += 1) {
        const path = `/api/bigcartel/orders/CL-${n}/shipped`;
        // Sent again after a 5xx or a dropped connection, as a client does: every order the loop
        // reached ends up shipped once. A 409 to a PUT sent again says the first sending took
        // before its replica went away (the summary below proves each order shipped once).
        for (let status = 0, tries = 0, sentAgain = false; status !== 200; tries += 1) {
          ({ status, sentAgain } = await call('PUT', path, {
            trackingNumber: `TN${n}`,
            courier: 'USPS',
          }));
          outcomes.push({ at: Date.now(), status, path });
          if (status === 409 && (tries > 0 || sentAgain)) break;
          if (status >= 400 && status < 500) throw new Error(`${path} answered ${status}`);
          await sleep(status === 200 ? 150 : 500);
        }
        shipped.add(`CL-${n}`);
      }
    })();

    const faultsFrom = Date.now();
    await sleep(2_000);
    await system.natsNodes[0]!.stop();
    await sleep(3_000);
    const deathsBefore = system.deaths();
    const killedAt = Date.now();
    for (const [name, child] of Object.entries(system.processes()))
      if (name.endsWith('-1')) child.kill('SIGKILL');
    // Each killed replica is started again (after 1 s) and answers once ready.
    await expect
      .poll(
        () =>
          names.filter(
            (name) =>
              name.endsWith('-1') && (system.deaths()[name] ?? 0) > (deathsBefore[name] ?? 0),
          ).length,
        { timeout: 30_000 },
      )
      .toBe(names.filter((name) => name.endsWith('-1')).length);
    await sleep(8_000);
    await system.natsNodes[0]!.start();
    await sleep(5_000);
    const faultsTo = Date.now();
    working = false;
    await Promise.all([reading, shipping]);

    await importOrders(csvOf(ORDERS_BEFORE + 1, ORDERS_BEFORE + ORDERS_AFTER));

    const failed = outcomes.filter((outcome) => outcome.status >= 500);
    const byStatus: Record<number, number> = {};
    for (const outcome of outcomes) byStatus[outcome.status] = (byStatus[outcome.status] ?? 0) + 1;
    let longestPause = 0;
    let lastOk = faultsFrom;
    for (const outcome of outcomes.filter((each) => each.status < 500)) {
      longestPause = Math.max(longestPause, outcome.at - lastOk);
      lastOk = outcome.at;
    }
    process.stdout.write(
      `[cluster] faults for ${((faultsTo - faultsFrom) / 1000).toFixed(1)} s: ${outcomes.length} calls, statuses ${JSON.stringify(byStatus)}, ${dropped} dropped connections sent again, longest pause between answers ${longestPause} ms, ${shipped.size} orders shipped; 5xx at ${failed.map((outcome) => `+${outcome.at - killedAt} ms ${outcome.path}`).join(', ') || 'none'}\n`,
    );

    // Nothing lost or doubled: every order once, every shipment the seller made stored once, and
    // analytics counts every order.
    await expect
      .poll(
        async () => {
          const counts = await summary();
          return { total: counts.total, shipped: counts.statusCounts.shipped };
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual({ total: ORDERS_BEFORE + ORDERS_AFTER, shipped: shipped.size });
    await expect
      .poll(analysedOrders, { timeout: 90_000, interval: 1_000 })
      .toBe(ORDERS_BEFORE + ORDERS_AFTER);
    // A 5xx only for a call a killed replica held: answered within moments of the kill (the
    // gateway sends a read that met a dead connection again itself; a write it cannot know).
    expect(
      failed.filter((outcome) => outcome.at < killedAt || outcome.at > killedAt + 5_000),
      logTail.slice(-60).join('\n'),
    ).toEqual([]);
  }, 400_000);
});
