import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  newPage,
  seedLocalStorage,
  sellerStorage,
  type ApiAccount,
} from './support.js';

// The tests share one seller but change nothing it owns (the refused calls never reach the
// services), so they run side by side (`describe.concurrent`): each waits out the spec's 2 s before
// the page goes to /login (issue 37).
const site = composedSiteForFile();

const csv =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items\r\n' +
  'EXP-1001,Ann,Lee,ann@buyer.test,SW1A 1AA,pending,,,,Mug\r\n';

/** The seller's dashboard with its table loaded. */
async function openDashboard(seller: ApiAccount) {
  const opened = await newPage(site.browser);
  await seedLocalStorage(opened.context, sellerStorage(seller));
  await opened.page.goto(`${site.system.url}/dashboard`);
  await opened.page.getByTestId('tracking-row').first().waitFor();
  return opened;
}

/** From now on, the workspace calls matching `pattern` answer as a gateway refusing the token does. */
async function refuseToken(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"error":"jwt expired"}',
    }),
  );
}

/** spec 000 §4, §7; spec 001 §4: the session is cleared, /login is offered, then the page goes there. */
async function expectSessionEnded(page: Page): Promise<void> {
  const notice = page.getByTestId('session-expired');
  await notice.waitFor();
  await expect(notice.textContent()).resolves.toContain(
    'Your session has expired. Please log in again.',
  );
  await expect(page.getByTestId('session-expired-login').getAttribute('href')).resolves.toBe(
    '/login',
  );
  await expect(
    page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user')]),
  ).resolves.toEqual([null, null]);
  await page.waitForURL('**/login');
}

describe.concurrent('a 401 on any workspace call ends the session', () => {
  let seller: ApiAccount;

  beforeAll(async () => {
    seller = await createSeller(site.system, { onboarded: true });
    await importThroughApi(site.system, seller, csv);
  });

  it('keeps the session while the calls are accepted', async () => {
    const { context, page } = await openDashboard(seller);
    await page.getByTestId('open-reports').click();
    await page.getByTestId('report-search').click();
    await page.getByTestId('report-results').waitFor();
    await expect(page.getByTestId('session-expired').count()).resolves.toBe(0);
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBe(
      seller.token,
    );
    await context.close();
  });

  it('on shipping an order', async () => {
    const { context, page } = await openDashboard(seller);
    await refuseToken(page, '**/api/bigcartel/orders/*/shipped');
    await page.getByTestId('ship-button').first().click();
    await page.getByTestId('ship-tracking-number').fill('RM123456785GB');
    await page.getByTestId('ship-courier').fill('Royal Mail');
    await page.getByTestId('ship-submit').click();
    await expectSessionEnded(page);
    await context.close();
  });

  it('on loading the keyword rules', async () => {
    const { context, page } = await openDashboard(seller);
    await refuseToken(page, '**/api/keyword-rules');
    await page.getByTestId('open-rules').click();
    await expectSessionEnded(page);
    await context.close();
  });

  it('on searching a report', async () => {
    const { context, page } = await openDashboard(seller);
    await refuseToken(page, '**/api/reports/search');
    await page.getByTestId('open-reports').click();
    await page.getByTestId('report-search').click();
    await expectSessionEnded(page);
    await context.close();
  });

  it('on loading the order queries', async () => {
    const { context, page } = await openDashboard(seller);
    await refuseToken(page, '**/api/public/seller-queries');
    await page.getByTestId('open-queries').click();
    await expectSessionEnded(page);
    await context.close();
  });
});
