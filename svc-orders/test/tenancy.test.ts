import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackingEntry } from '@onvelope/contracts';
import { useOrdersHarness } from './service-harness.js';
import { csvOf, type Caller } from './support.js';

describe("one seller can neither see nor change another seller's orders", () => {
  const orders = useOrdersHarness();
  let sellerA: Caller;
  let sellerB: Caller;

  const everyOrderOf = async (caller: Caller) => {
    const body = (await (
      await caller.get('/api/upload/tracking-entries?omitShipped=false')
    ).json()) as {
      entries: TrackingEntry[];
    };
    return body.entries;
  };

  beforeAll(async () => {
    sellerA = await orders.seller('tenant-a');
    sellerB = await orders.seller('tenant-b');
    await sellerA.upload(
      csvOf([
        { orderNumber: 'A-1', firstName: 'Alice', status: 'pending' },
        { orderNumber: 'A-2', firstName: 'Alice', status: 'shipped' },
      ]),
    );
  });

  it('shows seller B none of A’s orders in the list, the summary or search', async () => {
    expect(await everyOrderOf(sellerB)).toEqual([]);
    expect(await (await sellerB.get('/api/upload/summary?omitShipped=false')).json()).toMatchObject(
      {
        total: 0,
      },
    );
    for (const q of ['A-1', 'alice', 'ada@example.com']) {
      expect(await (await sellerB.get(`/api/upload/search?q=${q}`)).json()).toEqual({
        results: [],
        totalCount: 0,
      });
    }
  });

  it('gives seller B an order of their own when B imports the same order number', async () => {
    const before = await everyOrderOf(sellerA);
    const result = await (
      await sellerB.upload(csvOf([{ orderNumber: 'A-1', firstName: 'Bob' }]))
    ).json();
    expect(result).toMatchObject({ successfulRows: 1, skippedRows: 0, warnings: [] });

    const [ofB] = await everyOrderOf(sellerB);
    expect(ofB).toMatchObject({ orderNumber: 'A-1', firstName: 'Bob', accountId: 'tenant-b' });
    expect(before.map((entry) => entry.id)).not.toContain(ofB!.id);
    expect(await everyOrderOf(sellerA)).toEqual(before);
  });

  it("leaves A's orders alone when B clears CSV data and all data", async () => {
    const before = await everyOrderOf(sellerA);
    expect(await (await sellerB.delete('/api/upload/clear-csv-data')).json()).toMatchObject({
      deletedCount: 1,
    });
    expect(await (await sellerB.delete('/api/upload/clear-all-data')).json()).toMatchObject({
      deletedCount: 0,
    });
    expect(await everyOrderOf(sellerA)).toEqual(before);
    expect(before).toHaveLength(2);
  });

  it('refuses a buyer token on the seller calls', async () => {
    const token = await orders.issuer.customerToken('tenant-a');
    const response = await fetch(`${orders.url}/api/upload/tracking-entries`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(403);
  });
});
