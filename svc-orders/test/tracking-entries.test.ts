import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  trackingEntryDeleted,
  trackingEntrySortFields,
  type TrackingEntry,
} from '@onvelope/contracts';
import { orderKeyOf } from '../src/data/tracking-entry.model.js';
import { useOrdersHarness } from './service-harness.js';
import { csvOf, requiredHeader, type Caller } from './support.js';

interface ListBody {
  entries: TrackingEntry[];
  pagination: { page: number; limit: number; total: number; pages: number; nextCursor?: string };
}

describe('the dashboard calls: list, summary, search, clear', () => {
  const orders = useOrdersHarness();
  let seller: Caller;

  const list = async (caller: Caller, query = ''): Promise<ListBody> => {
    const response = await caller.get(`/api/upload/tracking-entries${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ListBody;
  };
  const numbersOf = (body: { entries?: TrackingEntry[]; results?: TrackingEntry[] }) =>
    (body.entries ?? body.results ?? []).map((entry) => entry.orderNumber);
  // Orders imported in one batch share their createdAt, so search results are compared as sets.
  const sortedNumbersOf = (body: { results: TrackingEntry[] }) => numbersOf(body).sort();

  /** The deletion events of an account published since a moment, read from the stream. */
  const deletionsSince = async (since: string, accountId: string, expected: number) => {
    const consumer = await jetstream(orders.nc).consumers.get(trackingEntryDeleted.stream.name, {
      filter_subjects: [trackingEntryDeleted.subject],
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since,
    });
    const found: string[] = [];
    const until = Date.now() + 5_000;
    while (found.length < expected && Date.now() < until) {
      const messages = await consumer.fetch({ max_messages: 100, expires: 1_000 });
      for await (const message of messages) {
        const event = message.json<{ accountId: string; entryIds: string[] }>();
        if (event.accountId === accountId) found.push(...event.entryIds);
      }
    }
    return found;
  };

  beforeAll(async () => {
    seller = await orders.seller('dash-a');
    const response = await seller.upload(
      [
        `${requiredHeader},personalNote,orderDate`,
        '1001,Ada,Lovelace,ada@example.com,SW1A 1AA,pending,,,,b note,2025-01-03',
        '1002,Grace,Hopper,grace@navy.mil,20500,processing,,,,a note,2025-01-01',
        '1003,Alan,Turing,alan@bletchley.uk,MK3 6EB,shipped,Royal Mail,RM123GB,,,2025-01-02',
        '1004,Katherine,Johnson,kj@nasa.gov,23666,delivered,UPS,1Z999,,,2025-01-05',
        '1005,Margaret,Hamilton,mh@mit.edu,02139,partially_shipped,DPD,DPD55,,,2025-01-04',
        '1006,Edsger,Dijkstra,ed@tue.nl,5612 AZ,cancelled,,,,,2025-01-06',
        '1007,Ada,Smith,a.smith+shop@example.com,SW1A 2AA,pending,,,,,2025-01-07',
        '10.8*,Regex,Probe,probe@example.com,X,pending,,,,,2025-01-08',
      ].join('\r\n'),
    );
    expect(response.status).toBe(200);
  });

  it('keeps one order per order number and account, even for writes that bypass the import', async () => {
    const duplicate = {
      accountId: 'dash-a',
      orderNumber: '1001',
      orderKey: orderKeyOf('dash-a', '1001'),
      source: 'manual',
      status: 'pending',
      version: 1,
    };
    await expect(
      orders.db.collection('tracking_entries').insertOne(duplicate),
    ).rejects.toMatchObject({
      code: 11000,
    });
  });

  describe('GET /api/upload/tracking-entries', () => {
    it('answers page 1 of 25, newest first, with shipped and delivered orders hidden by default', async () => {
      const body = await list(seller);
      expect(body.pagination).toEqual({ page: 1, limit: 25, total: 6, pages: 1 });
      expect(numbersOf(body)).not.toContain('1003');
      expect(numbersOf(body)).not.toContain('1004');
      expect(numbersOf(body)).toContain('1005');
      const created = body.entries.map((entry) => entry.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
    });

    it('shows every order when omitShipped is false', async () => {
      expect((await list(seller, '?omitShipped=false')).pagination.total).toBe(8);
    });

    it('filters by status, an explicit status winning over the hide-shipped toggle', async () => {
      expect(numbersOf(await list(seller, '?status=shipped'))).toEqual(['1003']);
      // Order numbers sort as text: '.' comes before the digits.
      expect(
        numbersOf(await list(seller, '?status=pending&sortBy=orderNumber&sortOrder=asc')),
      ).toEqual(['10.8*', '1001', '1007']);
      expect((await list(seller, '?status=all&omitShipped=false')).pagination.total).toBe(8);
    });

    it.each(trackingEntrySortFields)('sorts by %s in both directions', async (sortBy) => {
      const ascending = await list(seller, `?omitShipped=false&sortBy=${sortBy}&sortOrder=asc`);
      const descending = await list(seller, `?omitShipped=false&sortBy=${sortBy}&sortOrder=desc`);
      const valuesOf = (body: ListBody) =>
        body.entries.map((entry) => entry[sortBy as keyof TrackingEntry] as string | null);
      const compare = (a: string | null, b: string | null) =>
        a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
      expect(valuesOf(ascending)).toEqual([...valuesOf(ascending)].sort(compare));
      expect(valuesOf(descending)).toEqual([...valuesOf(ascending)].reverse());
      expect(ascending.entries).toHaveLength(8);
    });

    it('pages without repeating or skipping an order', async () => {
      const pages = await Promise.all(
        [1, 2, 3].map((page) =>
          list(seller, `?omitShipped=false&limit=3&page=${page}&sortBy=status`),
        ),
      );
      // The first page also says where the next one starts (`nextCursor`, issue 41).
      expect(pages[0]!.pagination).toEqual({
        page: 1,
        limit: 3,
        total: 8,
        pages: 3,
        nextCursor: expect.any(String),
      });
      expect(pages[2]!.pagination.nextCursor).toBeUndefined();
      const seen = pages.flatMap(numbersOf);
      expect(new Set(seen).size).toBe(8);
      expect(pages[2]!.entries).toHaveLength(2);
    });

    it('refuses an unknown sort field, status or a limit over 250 with 400', async () => {
      for (const query of [
        '?sortBy=password',
        '?status=lost',
        '?limit=251',
        '?page=0',
        '?omitShipped=yes',
      ]) {
        const response = await seller.get(`/api/upload/tracking-entries${query}`);
        expect(response.status, query).toBe(400);
        expect(await response.json()).toMatchObject({ error: 'Validation failed' });
      }
    });

    it("answers 401 with the spec's words without a token", async () => {
      const response = await fetch(`${orders.url}/api/upload/tracking-entries`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'NO AUTHENTICATION TOKEN - Please go to /login and sign in with your account',
      });
    });
  });

  describe('GET /api/upload/summary', () => {
    it('counts every status when omitShipped is false', async () => {
      const response = await seller.get('/api/upload/summary?omitShipped=false');
      expect(await response.json()).toEqual({
        total: 8,
        statusCounts: {
          pending: 3,
          processing: 1,
          shipped: 1,
          partiallyShipped: 1,
          delivered: 1,
          cancelled: 1,
        },
      });
    });

    it('leaves shipped and delivered orders out by default, like the table', async () => {
      const response = await seller.get('/api/upload/summary');
      expect(await response.json()).toEqual({
        total: 6,
        statusCounts: {
          pending: 3,
          processing: 1,
          shipped: 0,
          partiallyShipped: 1,
          delivered: 0,
          cancelled: 1,
        },
      });
    });
  });

  describe('GET /api/upload/search', () => {
    const search = async (query: string) => {
      const response = await seller.get(`/api/upload/search?${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as { results: TrackingEntry[]; totalCount: number };
    };

    it.each([
      ['order number', 'q=1003', ['1003']],
      ['first name, any case', 'q=ADA', ['1001', '1007']],
      ['last name', 'q=hopper', ['1002']],
      ['full name', 'q=ada%20smith', ['1007']],
      ['email', 'q=grace@navy.mil', ['1002']],
      ['email domain', 'q=nasa.gov', ['1004']],
      ['postcode', 'q=sw1a', ['1001', '1007']],
      ['postcode with its space', 'q=sw1a%202', ['1007']],
      ['postcode without it', 'q=mk36eb', ['1003']],
      ['tracking number', 'q=rm123', ['1003']],
    ])('finds orders by %s', async (_what, query, expected) => {
      const body = await search(query);
      expect(sortedNumbersOf(body)).toEqual(expected);
      expect(body.totalCount).toBe(expected.length);
    });

    it('treats the term as text, not a pattern', async () => {
      expect(numbersOf(await search('q=10.8*'))).toEqual(['10.8*']);
      expect(numbersOf(await search('q=10.'))).toEqual(['10.8*']);
      expect((await search('q=.*')).totalCount).toBe(0);
    });

    it('narrows by status', async () => {
      expect(sortedNumbersOf(await search('q=ada&status=pending'))).toEqual(['1001', '1007']);
      expect((await search('q=ada&status=shipped')).totalCount).toBe(0);
    });

    it("refuses an empty term with 'Search term is required'", async () => {
      const response = await seller.get('/api/upload/search?q=%20');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'Validation failed',
        details: [{ message: 'Search term is required', path: 'query.q' }],
      });
    });

    it('answers at most 100 results with the full count', async () => {
      const many = await orders.seller('dash-many');
      await many.upload(csvOf(Array.from({ length: 130 }, (_, i) => ({ orderNumber: `M-${i}` }))));
      const body = (await (await many.get('/api/upload/search?q=m-')).json()) as {
        results: unknown[];
        totalCount: number;
      };
      expect(body.results).toHaveLength(100);
      expect(body.totalCount).toBe(130);
    });
  });

  describe('DELETE /api/upload/clear-csv-data and /api/upload/clear-all-data', () => {
    it('deletes only CSV orders, announces each deletion, then deletes the rest with clear-all', async () => {
      const caller = await orders.seller('dash-clear');
      await caller.upload(csvOf([{ orderNumber: 'C-1' }, { orderNumber: 'C-2' }]));
      // A store-front order (the sync service writes these in a later issue).
      await orders.db.collection('tracking_entries').insertOne({
        accountId: 'dash-clear',
        orderNumber: 'BC-1',
        orderKey: orderKeyOf('dash-clear', 'BC-1'),
        source: 'bigcartel',
        externalId: 'bc-1',
        status: 'pending',
        version: 1,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      const ids = (
        await list(caller, '?omitShipped=false&sortBy=orderNumber&sortOrder=asc')
      ).entries.map((entry) => entry.id);
      const since = new Date().toISOString();

      const csv = await caller.delete('/api/upload/clear-csv-data');
      expect(await csv.json()).toEqual({
        message: 'Deleted 2 CSV-imported orders',
        deletedCount: 2,
      });
      expect(numbersOf(await list(caller, '?omitShipped=false'))).toEqual(['BC-1']);

      const all = await caller.delete('/api/upload/clear-all-data');
      expect(await all.json()).toEqual({ message: 'Deleted all 1 orders', deletedCount: 1 });
      expect((await list(caller, '?omitShipped=false')).pagination.total).toBe(0);
      const announced = await deletionsSince(since, 'dash-clear', 3);
      expect(announced.sort()).toEqual([...ids].sort());
    });

    it('answers a count of 0 when there is nothing to clear', async () => {
      const caller = await orders.seller('dash-empty');
      expect(await (await caller.delete('/api/upload/clear-all-data')).json()).toEqual({
        message: 'Deleted all 0 orders',
        deletedCount: 0,
      });
    });
  });
});
