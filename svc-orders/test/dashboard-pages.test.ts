import { beforeAll, describe, expect, it } from 'vitest';
import { trackingEntrySortFields, type TrackingEntry } from '@onvelope/contracts';
import { recountSellerCounters, sellerStatusCounts } from '../src/data/seller-counters.js';
import { trackingEntryWrites } from '../src/data/tracking-entry-writes.js';
import {
  orderKeyOf,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../src/data/tracking-entry.model.js';
import { useOrdersHarness } from './service-harness.js';
import { requiredHeader, type Caller } from './support.js';

interface ListBody {
  entries: TrackingEntry[];
  pagination: { page: number; limit: number; total: number; pages: number; nextCursor?: string };
}
interface SummaryBody {
  total: number;
  statusCounts: Record<string, number>;
}

const statuses = [
  'pending',
  'processing',
  'shipped',
  'partially_shipped',
  'delivered',
  'cancelled',
];

/** 45 orders; every third without a personal note, every fourth without an order date. */
const rows = Array.from({ length: 45 }, (_, i) => {
  const note = i % 3 === 0 ? '' : `note ${i % 5}`;
  const date = i % 4 === 0 ? '' : `2025-0${(i % 9) + 1}-1${i % 7}`;
  return `P-${i},First${i % 6},Last${i},b${i}@example.com,AB${i % 4} 1CD,${statuses[i % 6]},,,,${note},${date}`;
});

describe('dashboard paging and counts (issue 41)', () => {
  const orders = useOrdersHarness();
  let seller: Caller;

  const list = async (query: string): Promise<ListBody> => {
    const response = await seller.get(`/api/upload/tracking-entries?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ListBody;
  };
  const summary = async (query = ''): Promise<SummaryBody> =>
    (await (await seller.get(`/api/upload/summary${query}`)).json()) as SummaryBody;

  beforeAll(async () => {
    seller = await orders.seller('pages-a');
    const response = await seller.upload(
      [`${requiredHeader},personalNote,orderDate`, ...rows].join('\n'),
    );
    expect(response.status).toBe(200);
  });

  it(
    'pages through every sort with cursors exactly as by page number, missing values included',
    {
      timeout: 120_000,
    },
    async () => {
      // Both orders and both states of the toggle, crossed so each sort is walked twice.
      const views = [
        ['asc', 'false'],
        ['desc', 'true'],
      ];
      for (const sortBy of trackingEntrySortFields) {
        for (const [sortOrder, omitShipped] of views) {
          const base = `sortBy=${sortBy}&sortOrder=${sortOrder}&omitShipped=${omitShipped}`;
          const whole = await list(`${base}&limit=200`);
          const walked: string[] = [];
          let body = await list(`${base}&limit=6`);
          for (let page = 1; ; page += 1) {
            expect(body.pagination).toMatchObject({ page, total: whole.pagination.total });
            walked.push(...body.entries.map((entry) => entry.orderNumber));
            const numbered = await list(`${base}&limit=6&page=${page}`);
            expect(
              numbered.entries.map((entry) => entry.id),
              `${base} page ${page}`,
            ).toEqual(body.entries.map((entry) => entry.id));
            if (!body.pagination.nextCursor) break;
            const cursor = encodeURIComponent(body.pagination.nextCursor);
            body = await list(`${base}&limit=6&cursor=${cursor}`);
          }
          expect(walked, base).toEqual(whole.entries.map((entry) => entry.orderNumber));
          expect(walked).toHaveLength(whole.pagination.total);
        }
      }
    },
  );

  it('starts again at the asked-for page when a cursor was made for another sort, filter or page size', async () => {
    const first = await list('sortBy=email&limit=5');
    const other = await list(
      `sortBy=lastName&limit=5&cursor=${encodeURIComponent(first.pagination.nextCursor!)}`.replace(
        'lastName',
        'postcode',
      ),
    );
    expect(other.pagination.page).toBe(1);
    // Made for 5 a page: at 10 a page its page 2 would start at the 6th order, not the 11th.
    const otherSize = await list(
      `sortBy=email&limit=10&page=2&cursor=${encodeURIComponent(first.pagination.nextCursor!)}`,
    );
    const byNumber = await list('sortBy=email&limit=10&page=2');
    expect(otherSize.pagination.page).toBe(2);
    expect(otherSize.entries).toEqual(byNumber.entries);
    const response = await seller.get('/api/upload/tracking-entries?cursor=not-a-cursor');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Invalid cursor' });
  });

  it('counts orders by status from the counters, kept by every write and repaired by a recount', async () => {
    const all = await summary('?omitShipped=false');
    expect(all).toEqual({
      total: 45,
      statusCounts: {
        pending: 8,
        processing: 8,
        shipped: 8,
        partiallyShipped: 7,
        delivered: 7,
        cancelled: 7,
      },
    });
    expect((await summary()).total).toBe(45 - 8 - 7);

    const model = trackingEntryModel(orders.db);
    const writes = trackingEntryWrites(model, 'pages-a');
    const pending = await model
      .findOne({ accountId: 'pages-a', status: 'pending' })
      .lean<TrackingEntryDocument>();
    await writes.updateOne(pending!, { status: 'shipped' }, new Date());
    await writes.deleteWhere({ orderNumber: 'P-1' }); // processing
    expect((await summary('?omitShipped=false')).statusCounts).toMatchObject({
      pending: 7,
      processing: 7,
      shipped: 9,
    });
    expect((await list('status=shipped')).pagination.total).toBe(9);

    // A write that bypasses the writer is found by the recount.
    await model.collection.insertOne({
      accountId: 'pages-a',
      orderNumber: 'RAW-1',
      orderKey: orderKeyOf('pages-a', 'RAW-1'),
      source: 'manual',
      status: 'cancelled',
      version: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect((await sellerStatusCounts(orders.db, 'pages-a')).cancelled).toBe(7);
    expect((await recountSellerCounters(orders.db, 'pages-a'))?.cancelled).toBe(8);
    expect((await summary('?omitShipped=false')).total).toBe(45);
  });

  it('counts a seller whose orders were stored before the counters on first use', async () => {
    await trackingEntryModel(orders.db).collection.insertOne({
      accountId: 'pages-old',
      orderNumber: 'OLD-1',
      orderKey: orderKeyOf('pages-old', 'OLD-1'),
      source: 'csv',
      status: 'delivered',
      version: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const old = await orders.seller('pages-old');
    const body = (await (
      await old.get('/api/upload/summary?omitShipped=false')
    ).json()) as SummaryBody;
    expect(body).toMatchObject({ total: 1, statusCounts: { delivered: 1 } });
  });
});
