import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@onvelope/contracts';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  newPage,
  pathOf,
  seedLocalStorage,
  sellerStorage,
  waitForText,
  type ApiAccount,
} from './support.js';

const site = composedSiteForFile();

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,shippingCountry,productName,quantity,itemTotal,orderDate,currency';

/** A moment `daysAgo` days before today (UTC), at `time` UTC. */
function orderMoment(daysAgo: number, time: string): Date {
  const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${day}T${time}:00Z`);
}

/**
 * Six orders of five buyers, all within the last week, in US dollars (issue 38 item 4: a US store's
 * amounts once showed as pounds). By hand:
 * - countries: GB 3 orders (ann twice, dan), 2 customers, $102.50, avg $34.17; DE, US and FR one
 *   each ($15.00, $27.00, $45.00); in all 6 orders, 5 customers, $189.50, avg $31.58.
 * - items by units: Stoneware mug 7 units, 3 orders, $105.00; Beeswax candle 3, 1, $27.00; Wool
 *   scarf 2, 1, $45.00; Linen tea towel 1, 1, $12.50.
 * - revenue: $189.50 from 6 orders on 3 days (5, 2 and 1 days ago), nothing the 30 days before.
 * - lifetime value: dan $60.00, eve $45.00, ann $42.50 (2 orders), cat $27.00, bob $15.00; four
 *   new customers (one order, $36.75 on average) and one returning (ann).
 * - statuses: delivered 3 (50%), shipped 2 (33.3%), pending 1 (16.7%); couriers: DPD 3 orders,
 *   avg $40.00; Royal Mail 2, avg $21.25.
 * - peak times: three orders between 14:00 and 15:00 UTC; three orders yesterday.
 */
const orders = [
  order('A-1001', 'ann', 'delivered', 'Royal Mail', 'GB', 'Stoneware mug', 2, '30.00', 2, '10:15'),
  order('A-1002', 'ann', 'shipped', 'Royal Mail', 'GB', 'Linen tea towel', 1, '12.50', 1, '14:20'),
  order('A-1003', 'bob', 'shipped', 'DPD', 'DE', 'Stoneware mug', 1, '15.00', 1, '14:45'),
  order('A-1004', 'cat', 'pending', '', 'US', 'Beeswax candle', 3, '27.00', 1, '09:05'),
  order('A-1005', 'dan', 'delivered', 'DPD', 'GB', 'Stoneware mug', 4, '60.00', 5, '20:30'),
  order('A-1006', 'eve', 'delivered', 'DPD', 'FR', 'Wool scarf', 2, '45.00', 2, '14:10'),
];

/** One CSV row: the buyer is `<buyer>@buyer.test`; the order was placed `daysAgo` at `time` UTC. */
function order(
  orderNumber: string,
  buyer: string,
  status: string,
  courier: string,
  country: string,
  product: string,
  quantity: number,
  itemTotal: string,
  daysAgo: number,
  time: string,
) {
  const placedAt = orderMoment(daysAgo, time);
  const trackingNumber = courier ? `TRK${orderNumber}` : '';
  const row = [orderNumber, buyer, 'Buyer', `${buyer}@buyer.test`, 'SW1A 1AA', status, courier]
    .concat([trackingNumber, '', country, product, String(quantity), itemTotal])
    .concat(placedAt.toISOString(), 'USD');
  return { placedAt, row: row.join(',') };
}

function csvOf(rows: string[]): string {
  return [header, ...rows].join('\r\n') + '\r\n';
}

/** Two orders with no shipping country: the countries panel has nothing to show. */
const noCountryOrders = [
  order('N-1', 'nia', 'pending', '', '', 'Tote bag', 1, '10.00', 1, '12:00'),
  order('N-2', 'nia', 'pending', '', '', 'Tote bag', 1, '10.00', 1, '13:00'),
];

const londonHour = (date: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      hourCycle: 'h23',
      timeZone: DEFAULT_TIME_ZONE,
    }).format(date),
  );
const londonWeekday = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: DEFAULT_TIME_ZONE }).format(date);

/** The hour with the most orders on the London clock (three between 14:00 and 15:00 UTC). */
function busiestLondonHour(): string {
  const counts = new Map<number, number>();
  for (const { placedAt } of orders) {
    const hour = londonHour(placedAt);
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  const [hour] = [...counts].sort(([a, x], [b, y]) => y - x || a - b)[0]!;
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * svc-analytics learns of imported orders from the orders events, a moment after the import
 * answers: asks `path` as the seller until its answer is `ready`.
 */
interface AnalyticsAnswer {
  data: unknown;
  totals?: { orderCount: number };
}

async function waitForAnalytics(
  seller: ApiAccount,
  path: string,
  ready: (answer: AnalyticsAnswer) => boolean,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(`${site.system.url}${path}`, {
      headers: { Authorization: `Bearer ${seller.token}` },
    });
    last = `${response.status} ${await response.clone().text()}`;
    if (response.ok && ready((await response.json()) as AnalyticsAnswer)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`GET ${path} never answered as expected; last answer: ${last}`);
}

async function signedInPage(seller: ApiAccount, path: string) {
  const opened = await newPage(site.browser);
  await seedLocalStorage(opened.context, sellerStorage(seller));
  await opened.page.goto(`${site.system.url}${path}`);
  return opened;
}

/** The cells of each body row of a table (by test id), as text. */
async function tableRows(page: Page, testId: string): Promise<string[][]> {
  const rows = page.getByTestId(testId).locator('tbody tr');
  const texts: string[][] = [];
  for (const row of await rows.all()) texts.push(await row.locator('td').allTextContents());
  return texts;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

// Each test makes its own seller and orders, and its failed calls are its own page's, so the tests
// run side by side (`describe.concurrent`, issue 37).
describe.concurrent('analytics screen', () => {
  it("shows the seller's countries, items, revenue, customers, shipping and peak times", async ({
    expect,
  }) => {
    const seller = await createSeller(site.system, {
      onboarded: true,
      displayName: 'Ada Analytics',
    });
    await importThroughApi(site.system, seller, csvOf(orders.map(({ row }) => row)));
    await waitForAnalytics(
      seller,
      '/api/analytics/countries',
      (answer) => answer.totals?.orderCount === orders.length,
    );

    // The dashboard header's Analytics button opens the screen.
    const { context, page } = await signedInPage(seller, '/dashboard');
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.getByTestId('analytics-page').waitFor();
    expect(pathOf(page)).toBe('/analytics');
    await expect(page.getByTestId('analytics-range').inputValue()).resolves.toBe('30');
    await expect(page.getByTestId('analytics-item-limit').inputValue()).resolves.toBe('10');

    await page.getByTestId('analytics-countries-table').waitFor();
    const countries = await tableRows(page, 'analytics-countries-table');
    expect(countries[0]).toEqual(['United Kingdom', '3', '2', '$34.17', '$102.50']);
    expect(countries.slice(1).sort()).toEqual([
      ['France', '1', '1', '$45.00', '$45.00'],
      ['Germany', '1', '1', '$15.00', '$15.00'],
      ['United States', '1', '1', '$27.00', '$27.00'],
    ]);
    await expect(
      page.getByTestId('analytics-countries-table').locator('tfoot td').allTextContents(),
    ).resolves.toEqual(['Total', '6', '5', '$31.58', '$189.50']);
    // Beyond the spec: an all-time panel's headline counts over the range, against the one before.
    await expect(text(page, 'analytics-countries-orders')).resolves.toBe('6');
    await expect(text(page, 'analytics-countries-count')).resolves.toBe('4');
    await expect(text(page, 'analytics-countries-orders-change')).resolves.toContain(
      'New: none in the previous 30 days',
    );
    await expect(text(page, 'analytics-items-units')).resolves.toBe('13');
    await expect(text(page, 'analytics-customers-new')).resolves.toBe('5');
    await expect(text(page, 'analytics-customers-repeat')).resolves.toBe('1');
    await page.getByTestId('analytics-shipping-shipped').waitFor();

    const items = await tableRows(page, 'analytics-items-table');
    expect(items.map(([rank, , name, ...figures]) => [rank, name, ...figures])).toEqual([
      ['#1', 'Stoneware mug', '7', '3', '$105.00'],
      ['#2', 'Beeswax candle', '3', '1', '$27.00'],
      ['#3', 'Wool scarf', '2', '1', '$45.00'],
      ['#4', 'Linen tea towel', '1', '1', '$12.50'],
    ]);

    await waitForText(page, 'analytics-revenue-total', '$189.50');
    // One currency: no choice of currency, and not one amount in pounds anywhere on the screen.
    await expect(page.getByTestId('analytics-currency').count()).resolves.toBe(0);
    await expect(page.getByTestId('analytics-page').innerText()).resolves.not.toContain('£');
    await expect(text(page, 'analytics-revenue-orders')).resolves.toBe('6');
    await expect(text(page, 'analytics-revenue-average')).resolves.toBe('$31.58');
    await expect(text(page, 'analytics-revenue-days')).resolves.toBe('3 of 30');
    await expect(text(page, 'analytics-revenue-total-change')).resolves.toContain(
      'New: none in the previous 30 days',
    );
    // 14 bars, the quiet days as zero; their figures are in the table behind "Show as table".
    const bars = page.getByTestId('analytics-revenue-bars-figure');
    await expect(bars.locator('.me-chart__bar').count()).resolves.toBe(14);
    await bars.locator('summary').click();
    const barDays = await tableRows(page, 'analytics-revenue-bars-figure');
    expect(barDays).toHaveLength(14);
    expect(barDays.map((cells) => cells[1]).filter((revenue) => revenue !== '$0.00')).toEqual([
      '$60.00',
      '$75.00',
      '$54.50',
    ]);
    await expect(
      page.getByTestId('analytics-revenue-bars').locator('svg').getAttribute('aria-label'),
    ).resolves.toContain('$189.50');

    const customers = await tableRows(page, 'analytics-top-customers');
    expect(customers.map(([email, count, , value]) => [email, count, value])).toEqual([
      ['dan@buyer.test', '1', '$60.00'],
      ['eve@buyer.test', '1', '$45.00'],
      ['ann@buyer.test', '2', '$42.50'],
      ['cat@buyer.test', '1', '$27.00'],
      ['bob@buyer.test', '1', '$15.00'],
    ]);
    // svc-analytics README: new is one order, returning two or three, loyal four or more.
    await expect(tableRows(page, 'analytics-segments')).resolves.toEqual([
      ['New', '4', '80%', '1', '$36.75'],
      ['Returning', '1', '20%', '2', '$42.50'],
      ['Loyal', '0', '0%', '0', '$0.00'],
    ]);

    await page.getByTestId('analytics-delivery-status').locator('summary').click();
    await expect(tableRows(page, 'analytics-delivery-status')).resolves.toEqual([
      ['Delivered', '3', '50%'],
      ['Shipped', '2', '33.3%'],
      ['Pending', '1', '16.7%'],
    ]);
    await expect(tableRows(page, 'analytics-couriers')).resolves.toEqual([
      ['DPD', '3', '$40.00'],
      ['Royal Mail', '2', '$21.25'],
    ]);

    await expect(text(page, 'analytics-peak-orders')).resolves.toBe('6');
    await expect(text(page, 'analytics-peak-hour')).resolves.toBe(busiestLondonHour());
    await expect(text(page, 'analytics-peak-day')).resolves.toBe(
      londonWeekday(orderMoment(1, '12:00')),
    );
    await expect(
      page.getByTestId('analytics-hour-bars').locator('.me-chart__bar').count(),
    ).resolves.toBe(24);
    await expect(
      page.getByTestId('analytics-weekday-bars').locator('.me-chart__bar').count(),
    ).resolves.toBe(7);
    await expect(
      page.getByTestId('analytics-hour-heat').locator('svg').getAttribute('aria-label'),
    ).resolves.toContain('3 orders');

    // The four all-time panels say so; the range applies to their headline counts.
    await expect(text(page, 'analytics-panel-countries')).resolves.toContain('All time');
    await page.getByTestId('analytics-range').selectOption('7');
    await waitForText(page, 'analytics-revenue-days', '3 of 7');
    await waitForText(page, 'analytics-panel-countries', 'Orders, last 7 days');
    expect(pathOf(page)).toBe('/analytics?days=7');
    await expect(text(page, 'analytics-panel-peak-times')).resolves.toContain('Last 7 days');

    const fewerItems = page.waitForRequest((request) =>
      request.url().includes('/api/analytics/popular-items?limit=5'),
    );
    await page.getByTestId('analytics-item-limit').selectOption('5');
    await fewerItems;
    expect(pathOf(page)).toBe('/analytics?days=7&limit=5');

    // A failed call says so and offers to try again; a 401 ends the session.
    await page.route('**/api/analytics/peak-times**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await page.getByTestId('analytics-refresh').click();
    await waitForText(page, 'analytics-error', 'Failed to load analytics data. Please try again.');
    await page.unroute('**/api/analytics/peak-times**');
    await page.getByTestId('analytics-retry').click();
    await page.getByTestId('analytics-peak-orders').waitFor();
    await expect(page.getByTestId('analytics-error').count()).resolves.toBe(0);

    await page.route('**/api/analytics/countries?**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"error":"Invalid token"}',
      }),
    );
    await page.getByTestId('analytics-refresh').click();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBeNull();
    await context.close();
  });

  it('says there is no country data when the orders have no shipping country', async ({
    expect,
  }) => {
    const seller = await createSeller(site.system, { onboarded: true });
    await importThroughApi(site.system, seller, csvOf(noCountryOrders.map(({ row }) => row)));
    await waitForAnalytics(
      seller,
      '/api/analytics/popular-items',
      (answer) => Array.isArray(answer.data) && answer.data.length === 1,
    );
    const { context, page } = await signedInPage(seller, '/analytics');
    await page.getByTestId('analytics-items-table').waitFor();
    await waitForText(
      page,
      'analytics-empty-countries',
      'No country data available yet. Orders need shipping country information.',
    );
    await expect(tableRows(page, 'analytics-items-table')).resolves.toHaveLength(1);
    await context.close();
  });
});
