import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSortFields, type ReportRow } from '@onvelope/contracts';
import {
  manyOrders,
  sellerAOrders,
  sellerBOrders,
  startReportsHarness,
  type ReportsHarness,
  type StoredOrder,
} from './reports-support.js';

interface Answer {
  status: number;
  // JSON of many shapes: each test states the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The stored field each report sort field orders by. */
const storedField: Record<(typeof reportSortFields)[number], keyof StoredOrder> = {
  createdAt: 'createdAt',
  orderDate: 'orderDate',
  shippedAt: 'shippedAt',
  orderNumber: 'orderNumber',
  customerFirstName: 'firstName',
  customerLastName: 'lastName',
  customerEmail: 'email',
  status: 'status',
  courier: 'courier',
  trackingNumber: 'trackingNumber',
  shippingCountry: 'shippingCountry',
};

/** MongoDB's order: missing values first, then strings by code point, dates by time. */
function compareStored(a: StoredOrder[keyof StoredOrder], b: StoredOrder[keyof StoredOrder]) {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return String(a) < String(b) ? -1 : 1;
}

describe('report search', () => {
  let harness: ReportsHarness;
  let tokenA: string;
  let tokenB: string;
  let tokenC: string;

  beforeAll(async () => {
    harness = await startReportsHarness();
    await harness.insert('report-seller-a', sellerAOrders);
    await harness.insert('report-seller-b', sellerBOrders);
    await harness.insert('report-seller-c', manyOrders(250));
    tokenA = await harness.issuer.merchantToken('report-seller-a');
    tokenB = await harness.issuer.merchantToken('report-seller-b');
    tokenC = await harness.issuer.merchantToken('report-seller-c');
  });
  afterAll(() => harness?.close());

  async function search(token: string, body: unknown): Promise<Answer> {
    const response = await fetch(`${harness.orders.url}/api/reports/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  const orderNumbersOf = async (body: unknown, token = tokenA) => {
    const answer = await search(token, body);
    expect(answer.status).toBe(200);
    return (answer.body.data as ReportRow[]).map((row) => row.orderNumber);
  };

  it('answers the newest orders first with the defaults of the spec', async () => {
    const answer = await search(tokenA, {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 4, page: 1, pageSize: 100, totalPages: 1 });
    expect(answer.body.data.map((row: ReportRow) => row.orderNumber)).toEqual([
      '#1003',
      '2001',
      '#1002',
      '#1001',
    ]);
  });

  it('answers report rows with the customer, items, full country name and address columns', async () => {
    const answer = await search(tokenA, { orderNumber: '#1001' });
    expect(answer.body.data).toEqual([
      {
        id: expect.any(String),
        orderNumber: '#1001',
        customerFirstName: 'Ada',
        customerLastName: 'Lovelace',
        customerEmail: 'ada@example.com',
        status: 'shipped',
        items: 'Blue mug, "large"',
        shippingCountry: 'United Kingdom',
        courier: 'Royal Mail',
        trackingNumber: 'RM123456789GB',
        orderDate: '2026-02-28T08:30:00.000Z',
        shippedAt: '2026-03-02T09:00:00.000Z',
        shippingAddress1: '12 St James Square',
        shippingAddress2: 'Flat 2',
        shippingCity: 'London',
        shippingState: 'Greater London',
        shippingZip: 'SW1Y 4JH',
        // Issue 38 item 4: the amount and its currency travel together (none stored here).
        itemTotal: null,
        currency: null,
      },
    ]);
  });

  it('shows the postcode of an order imported from a CSV file (stored as `postcode`) as its Zip', async () => {
    const rows = (await search(tokenA, { orderNumber: '2001' })).body.data as ReportRow[];
    expect(rows.map((row) => row.shippingZip)).toEqual(['10115']);
  });

  it('names countries from lower-case codes and passes unknown values through', async () => {
    const rows = (await search(tokenA, { sortBy: 'orderNumber', sortDir: 'asc' })).body
      .data as ReportRow[];
    expect(Object.fromEntries(rows.map((row) => [row.orderNumber, row.shippingCountry]))).toEqual({
      '#1001': 'United Kingdom',
      '#1002': 'United States',
      '#1003': 'Atlantis',
      '2001': 'Germany',
    });
  });

  it('shows the product name as the items of an order without Items text', async () => {
    const rows = (await search(tokenA, { orderNumber: '2001' })).body.data as ReportRow[];
    expect(rows[0]?.items).toBe('Teapot');
  });

  it.each([
    [{ orderNumber: '100' }, ['#1003', '#1002', '#1001']],
    [{ orderNumber: '#2001' }, ['2001']],
    [{ orderNumber: '1001' }, ['#1001']],
    [{ email: 'EXAMPLE.com' }, ['#1001']],
    [{ email: '@evil.example' }, ['#1003']],
    [{ status: 'shipped' }, ['#1001']],
    [{ status: 'all' }, ['#1003', '2001', '#1002', '#1001']],
    [{ courierContains: 'royal' }, ['#1001']],
    [{ q: '899223' }, ['#1002']],
    [{ itemsContains: 'MUG' }, ['#1001']],
    [{ itemsContains: 'teapot' }, ['2001']],
    [{ shippingCountryContains: 'united' }, ['#1002', '#1001']],
    [{ shippingCountryContains: 'gb' }, ['#1001']],
    [{ shippingCountryContains: 'US' }, ['#1002']],
    [{ shippingCountryContains: 'germ' }, ['2001']],
    [{ shippingCountryContains: 'atlant' }, ['#1003']],
    [{ createdFrom: '2026-03-02', createdTo: '2026-03-02' }, ['#1002']],
    [{ createdFrom: '2026-03-02', createdTo: '2026-03-03' }, ['2001', '#1002']],
    [{ createdFrom: '2026-03-03T00:00:01Z' }, ['#1003']],
    [{ createdTo: '2026-03-01T10:00:00Z' }, ['#1001']],
    [{ q: '.*' }, []],
    [{ status: 'pending', courierContains: 'usps', shippingCountryContains: 'united' }, ['#1002']],
  ])('filters by %j', async (filters, expected) => {
    expect(await orderNumbersOf(filters)).toEqual(expected);
  });

  it.each(reportSortFields.flatMap((field) => [[field, 'asc'] as const, [field, 'desc'] as const]))(
    'sorts by %s %s',
    async (sortBy, sortDir) => {
      const field = storedField[sortBy];
      const direction = sortDir === 'asc' ? 1 : -1;
      // Ties (missing values) follow the id, i.e. the order of insertion, in the same direction.
      const expected = sellerAOrders
        .map((order, index) => ({ order, index }))
        .sort(
          (a, b) =>
            (compareStored(a.order[field], b.order[field]) || a.index - b.index) * direction,
        )
        .map(({ order }) => order.orderNumber);
      expect(await orderNumbersOf({ sortBy, sortDir })).toEqual(expected);
    },
  );

  it('pages through a report without repeating or skipping a row', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => search(tokenC, { page, pageSize: 100, sortBy: 'status' })),
    );
    expect(pages.map((page) => page.body.data.length)).toEqual([100, 100, 50]);
    expect(pages[2]?.body).toMatchObject({ total: 250, page: 3, pageSize: 100, totalPages: 3 });
    const ids = pages.flatMap((page) => page.body.data.map((row: ReportRow) => row.id));
    expect(new Set(ids).size).toBe(250);
  });

  it('answers an empty page beyond the end, with the totals', async () => {
    const answer = await search(tokenC, { page: 4, pageSize: 100 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [], total: 250, page: 4, totalPages: 3 });
  });

  it('answers zero pages when nothing matches', async () => {
    const answer = await search(tokenC, { email: 'nobody' });
    expect(answer.body).toEqual({ data: [], total: 0, page: 1, pageSize: 100, totalPages: 0 });
  });

  it('serves pages of up to 500 rows and refuses larger ones naming the field', async () => {
    const all = await search(tokenC, { pageSize: 500 });
    expect(all.body.data).toHaveLength(250);
    const tooMany = await search(tokenC, { pageSize: 501 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toEqual([
      { path: 'body.pageSize', message: 'pageSize must be at most 500' },
    ]);
  });

  it.each([
    [{ createdFrom: 'yesterday' }, 'body.createdFrom', 'createdFrom must be a date'],
    [{ createdTo: '2026-13-45' }, 'body.createdTo', 'createdTo must be a date'],
    // Date.parse took these, the last as 2 March.
    [{ createdFrom: '1' }, 'body.createdFrom', 'createdFrom must be a date'],
    [{ createdFrom: 'hello 2' }, 'body.createdFrom', 'createdFrom must be a date'],
    [{ createdFrom: '2026-02-30' }, 'body.createdFrom', 'createdFrom must be a date'],
    [
      { createdFrom: '2026-03-02', createdTo: '2026-03-01' },
      'body.createdFrom',
      'createdFrom must not be after createdTo',
    ],
    [{ status: 'lost' }, 'body.status', 'status must be one of'],
    [{ sortBy: 'password' }, 'body.sortBy', 'sortBy must be one of'],
    [{ sortDir: 'sideways' }, 'body.sortDir', 'sortDir must be asc or desc'],
    [{ page: 0 }, 'body.page', ''],
  ])('refuses %j with a message naming the field', async (filters, path, message) => {
    const answer = await search(tokenA, filters);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Validation failed');
    expect(answer.body.details).toContainEqual({ path, message: expect.stringContaining(message) });
  });

  it("never shows one seller another seller's orders", async () => {
    const forB = (await search(tokenB, {})).body;
    expect(forB.total).toBe(1);
    expect(forB.data[0]).toMatchObject({ orderNumber: '#1001', customerFirstName: 'Eve' });
    const forA = await orderNumbersOf({ email: 'eve@' });
    expect(forA).toEqual([]);
  });

  it('refuses a call without a token', async () => {
    const response = await fetch(`${harness.orders.url}/api/reports/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});
