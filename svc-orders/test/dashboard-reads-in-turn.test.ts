import { beforeAll, describe, expect, it } from 'vitest';
import { useOrdersHarness } from './service-harness.js';
import { csvOf, type Caller } from './support.js';

/** A figure of /metrics (each has the service's label): the gate's gauge by state, or a counter. */
async function metricOf(url: string, name: string, state?: 'running' | 'waiting') {
  const text = await (await fetch(`${url}/metrics`)).text();
  const labels = state ? `[^}]*state="${state}"` : '';
  const found = new RegExp(`^${name}\\{${labels}[^}]*\\} (\\d+)$`, 'm').exec(text);
  return Number(found?.[1]);
}

const readsOf = (url: string, state: 'running' | 'waiting') =>
  metricOf(url, 'dashboard_reads', state);

describe("the dashboard's reads of orders, taken in turn by seller", () => {
  // One slot, so the order the calls are answered in is the gate's.
  const orders = useOrdersHarness({ env: { DASHBOARD_READS_IN_FLIGHT: '1' } });
  let busy: Caller;
  let other: Caller;

  beforeAll(async () => {
    busy = await orders.seller('reads-busy');
    other = await orders.seller('reads-other');
    const rows = Array.from({ length: 300 }, (_, n) => ({
      orderNumber: `BUSY-${n}`,
      firstName: 'Bea',
      status: 'pending',
    }));
    expect((await busy.upload(csvOf(rows))).status).toBe(200);
    expect(
      (await other.upload(csvOf([{ orderNumber: 'OTHER-1', status: 'pending' }]))).status,
    ).toBe(200);
  });

  it("answers another seller's list after one turn of a seller's backlog, not after all of it", async () => {
    const answered: string[] = [];
    const backlog = Array.from({ length: 40 }, async (_, n) => {
      const answer = await busy.get('/api/upload/search?q=bea');
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { totalCount: number }).totalCount).toBe(300);
      answered.push(`busy-${n}`);
    });
    // The backlog is in line before the other seller asks.
    await expect
      .poll(() => readsOf(orders.url, 'waiting'), { timeout: 10_000, interval: 10 })
      .toBeGreaterThanOrEqual(20);

    const answer = await other.get('/api/upload/tracking-entries');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { entries: unknown[] }).entries).toHaveLength(1);
    answered.push('other');
    await Promise.all(backlog);

    // Twenty of the backlog were waiting just before the other seller asked; the one running and
    // the one next in line may go first, the rest wait (in a single line they would all go first).
    expect(answered.length - answered.indexOf('other') - 1).toBeGreaterThanOrEqual(5);
    expect(await readsOf(orders.url, 'running')).toBe(0);
    expect(await readsOf(orders.url, 'waiting')).toBe(0);
  });

  it('lets a read whose caller hung up leave the line, and the slot goes on to the next', async () => {
    const token = await orders.issuer.merchantToken('reads-busy');
    const leftBefore = await metricOf(orders.url, 'dashboard_reads_left_total');
    // As many as the first test's backlog: a handful was sometimes all answered before the line grew.
    const calls = Array.from({ length: 40 }, () => {
      const hangUp = new AbortController();
      const call = fetch(`${orders.url}/api/upload/search?q=bea`, {
        headers: { authorization: `Bearer ${token}` },
        signal: hangUp.signal,
      }).catch(() => undefined);
      return { hangUp, call };
    });
    await expect
      .poll(() => readsOf(orders.url, 'waiting'), { timeout: 10_000, interval: 10 })
      .toBeGreaterThanOrEqual(20);
    for (const { hangUp } of calls) hangUp.abort();
    await Promise.all(calls.map(({ call }) => call));
    await expect
      .poll(() => readsOf(orders.url, 'waiting'), { timeout: 10_000, interval: 20 })
      .toBe(0);
    // At least twenty stood in line when their callers hung up, and a read takes milliseconds: most
    // of them left unrun (had they stayed, each would have run and none would count here).
    expect(
      (await metricOf(orders.url, 'dashboard_reads_left_total')) - leftBefore,
    ).toBeGreaterThanOrEqual(10);

    const answer = await other.get('/api/upload/tracking-entries');
    expect(answer.status).toBe(200);
  });
});
