import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingEntry } from '@onvelope/contracts';
import {
  connectTestDatabase,
  startService,
  startTestIssuer,
  testInfra,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { orderKeyOf } from '../src/data/tracking-entry.model.js';
import { SEARCH_TEXT_FORMAT } from '../src/domain/search-terms.js';
import { searchedGramsOf } from '../src/domain/search-terms-grams.js';
import { startOrdersService } from '../src/index.js';
import { csvLine, requiredHeader, sellerOf, type Caller } from './support.js';

interface SearchBody {
  results: TrackingEntry[];
  totalCount: number;
}

/** 43 characters: longer than the stored terms of the formats before (32), whole in the search text. */
const LONG_ITEM = 'Hand-thrown stoneware teapot, celadon glaze';

describe('GET /api/upload/search matches anywhere (issue 16 item 8)', () => {
  let issuer: TestIssuer;
  let orders: StartedService;
  let seller: Caller;
  let other: Caller;

  const searchAs = async (caller: Caller, query: string) => {
    const response = await caller.get(`/api/upload/search?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as SearchBody;
  };
  // Orders imported in one batch share their createdAt, so results are compared as sets.
  const found = async (q: string, caller = seller) =>
    (await searchAs(caller, `q=${encodeURIComponent(q)}`)).results
      .map((entry) => entry.orderNumber)
      .sort();
  const importAs = async (caller: Caller, lines: string[]) => {
    const response = await caller.upload(`${requiredHeader},items\n${lines.join('\n')}\n`);
    expect(await response.json()).toMatchObject({ failedRows: 0, skippedRows: 0 });
  };
  const row = (fields: Parameters<typeof csvLine>[0], items = '') =>
    `${csvLine(fields)},"${items}"`;

  beforeAll(async () => {
    issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
    orders = await startService(startOrdersService, { AUTH_JWKS_URL: issuer.url });
    seller = await sellerOf(orders.url, issuer, 'search-a');
    other = await sellerOf(orders.url, issuer, 'search-b');
    await importAs(seller, [
      row(
        { orderNumber: 'E2E-1002', firstName: 'Ada', lastName: 'Lovelace' },
        'Blue mug; Red hoodie',
      ),
      row(
        {
          orderNumber: 'E2E-2001',
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@navy.mil',
          postcode: '20500',
          status: 'shipped',
          courier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
        },
        `${LONG_ITEM}; Sticker pack`,
      ),
      row(
        {
          orderNumber: '#3003',
          firstName: 'Alan',
          lastName: 'Turing',
          email: 'alan@bletchley.uk',
          postcode: 'MK3 6EB',
        },
        'Poster A2',
      ),
    ]);
  });

  afterAll(async () => {
    await orders.close();
    await issuer.close();
  });

  it.each([
    ['the middle of an order number', '1002', ['E2E-1002']],
    ['the end of an order number, any case', 'e-2001', ['E2E-2001']],
    ['the middle of a last name', 'velac', ['E2E-1002']],
    ['across first and last name', 'da lov', ['E2E-1002']],
    ['the middle of an email', 'race@nav', ['E2E-2001']],
    ['the middle of a postcode', 'k3 6', ['#3003']],
    ['a postcode without its space', '36eb', ['#3003']],
    ['the middle of a tracking number', '0123456', ['E2E-2001']],
    ['a line item name', 'HOODIE', ['E2E-1002']],
    ['the middle of a line item name', 'ster a', ['#3003']],
    ['what several orders share', 'e2e-', ['E2E-1002', 'E2E-2001']],
  ])('finds %s', async (_what, q, expected) => {
    expect(await found(q)).toEqual(expected);
    expect((await searchAs(seller, `q=${encodeURIComponent(q)}`)).totalCount).toBe(expected.length);
  });

  it('finds a term of one or two characters only where a word starts', async () => {
    expect(await found('10')).toEqual(['E2E-1002']);
    expect(await found('lo')).toEqual(['E2E-1002']);
    expect(await found('#3')).toEqual(['#3003']);
    expect(await found('t')).toEqual(['#3003', 'E2E-2001']);
    expect(await found('00')).toEqual([]);
    expect(await found('ov')).toEqual([]);
  });

  it('finds a long term only where all of it occurs', async () => {
    expect(await found(LONG_ITEM.toUpperCase())).toEqual(['E2E-2001']);
    expect(await found('stoneware teapot, celadon glaze')).toEqual(['E2E-2001']);
    expect(await found(`${LONG_ITEM.slice(0, 36)} gloss`)).toEqual([]);
  });

  it('narrows by status and treats the term as text', async () => {
    expect(await found('e2e-')).toEqual(['E2E-1002', 'E2E-2001']);
    expect(
      (await searchAs(seller, 'q=e2e-&status=shipped')).results.map((e) => e.orderNumber),
    ).toEqual(['E2E-2001']);
    expect(await found('.*')).toEqual([]);
    expect(await found('e2e.')).toEqual([]);
  });

  it("refuses a term that is blank with 'Search term is required'", async () => {
    const response = await seller.get('/api/upload/search?q=%20%20');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      details: [{ message: 'Search term is required', path: 'query.q' }],
    });
  });

  it('answers a term of control characters alone with no results', async () => {
    expect(await searchAs(seller, 'q=%01%02')).toEqual({ results: [], totalCount: 0 });
  });

  it('shows another seller none of these orders, however the term is found', async () => {
    for (const q of ['1002', 'hoodie', 'lo', LONG_ITEM]) expect(await found(q, other)).toEqual([]);
  });

  it('finds an order by what a later change stored in it', async () => {
    const token = await issuer.merchantToken(seller.accountId);
    const response = await fetch(`${orders.url}/api/bigcartel/orders/%233003/shipped`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ trackingNumber: 'QX555666777GB', courier: 'Royal Mail' }),
    });
    expect(response.status).toBe(200);
    expect(await found('x5556667')).toEqual(['#3003']);
    expect(await found('qx')).toEqual(['#3003']);
  });

  it('answers at most 100 results, newest first, with the full count, for a long term too', async () => {
    const many = await sellerOf(orders.url, issuer, 'search-many');
    for (const batch of [0, 1]) {
      await importAs(
        many,
        Array.from({ length: 65 }, (_, i) => row({ orderNumber: `N-${batch}-${i}` }, LONG_ITEM)),
      );
    }
    for (const q of ['teapot', LONG_ITEM]) {
      const body = await searchAs(many, `q=${encodeURIComponent(q)}`);
      expect(body.totalCount).toBe(130);
      expect(body.results).toHaveLength(100);
      expect(body.results.filter((entry) => entry.orderNumber.startsWith('N-1-'))).toHaveLength(65);
    }
  });
});

describe('the search text backfill at start-up', () => {
  it('rewrites the search text of entries stored before, once per database, and drops their terms', async () => {
    const issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
    const dbName = `search_backfill_${Date.now()}`;
    const db = await connectTestDatabase(dbName);
    const entries = db.collection('tracking_entries');
    const legacyEntry = (orderNumber: string) => ({
      accountId: 'backfill-a',
      orderNumber,
      orderKey: orderKeyOf('backfill-a', orderNumber),
      source: 'csv',
      version: 3,
      firstName: 'Edsger',
      lastName: 'Dijkstra',
      status: 'pending',
      items: 'Shortest path poster',
      // The format before issue 16: whole values, found by their start only.
      searchTerms: [orderNumber.toLowerCase(), 'edsger', 'dijkstra', 'edsger dijkstra'],
      createdAt: new Date(),
      updatedAt: new Date('2025-01-01T00:00:00Z'),
    });
    await entries.insertOne(legacyEntry('OLD-4711'));
    await entries.createIndex({ accountId: 1, searchTerms: 1 });
    // What search read before its index of grams (formats 3 and 4).
    await entries.createIndex({ accountId: 1, searchText: 1 });
    try {
      let orders = await startService(startOrdersService, {
        AUTH_JWKS_URL: issuer.url,
        MONGO_DB: dbName,
      });
      const seller = await sellerOf(orders.url, issuer, 'backfill-a');
      const until = Date.now() + 10_000;
      let body: SearchBody = { results: [], totalCount: 0 };
      while (body.totalCount === 0 && Date.now() < until) {
        body = (await (await seller.get('/api/upload/search?q=path%20post')).json()) as SearchBody;
        if (body.totalCount === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(body.results.map((entry) => entry.orderNumber)).toEqual(['OLD-4711']);
      // Search only: no new version (no event) and no new updatedAt.
      const rewritten = await entries.findOne({ orderNumber: 'OLD-4711' });
      expect(rewritten).toMatchObject({
        version: 3,
        updatedAt: new Date('2025-01-01T00:00:00Z'),
        searchText:
          'old-4711\u0001edsger\u0001dijkstra\u0001edsger dijkstra\u0001shortest path poster',
      });
      expect(rewritten).not.toHaveProperty('searchTerms');
      expect(rewritten?.searchGrams).toEqual(expect.arrayContaining(searchedGramsOf('path post')!));
      // The backfill drops the old index and records its format after its last write.
      await expect
        .poll(() => db.collection('migrations').findOne({ _id: 'search-terms' as never }))
        .toMatchObject({ format: SEARCH_TEXT_FORMAT });
      await expect.poll(() => entries.indexExists('accountId_1_searchTerms_1')).toBe(false);
      await expect.poll(() => entries.indexExists('accountId_1_searchText_1')).toBe(false);

      // Done once: an entry of the old format written later stays as it is on the next start.
      await orders.close();
      await entries.insertOne(legacyEntry('OLD-4712'));
      orders = await startService(startOrdersService, {
        AUTH_JWKS_URL: issuer.url,
        MONGO_DB: dbName,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await entries.findOne({ orderNumber: 'OLD-4712' })).toMatchObject({
        searchTerms: legacyEntry('OLD-4712').searchTerms,
      });
      expect(await entries.findOne({ orderNumber: 'OLD-4712' })).not.toHaveProperty('searchText');
      await orders.close();
    } finally {
      await db.dropDatabase();
      await db.close();
      await issuer.close();
    }
  });
});
