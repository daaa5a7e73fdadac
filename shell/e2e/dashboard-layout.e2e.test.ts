import type { BrowserContext, Page } from 'playwright-core';
import { CSV_TEMPLATE_FILENAME } from '@onvelope/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  seedLocalStorage,
  sellerStorage,
  waitForText,
  type ApiAccount,
} from './support.js';

const site = composedSiteForFile();

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items';
const statuses = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'partially_shipped',
  'cancelled',
] as const;

/** 30 orders, five of each status, with the long names and addresses real books have. */
function mixedBookCsv(): string {
  const rows = Array.from({ length: 30 }, (_, index) => {
    const n = 1001 + index;
    return (
      `LAY-${n},Annabelle${n},Leeworth-Smithson,annabelle.leeworth${n}@buyer-domain.test,` +
      `SW1A ${index}AA,${statuses[index % statuses.length]},Royal Mail,RM${n}45678GB,,` +
      `Hand-thrown stoneware mug with a long product name ${n}`
    );
  });
  return [header, ...rows].join('\r\n') + '\r\n';
}

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

async function dashboardAt(
  seller: ApiAccount,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await site.browser.newContext({ viewport });
  await seedLocalStorage(context, sellerStorage(seller));
  const page = await context.newPage();
  await page.goto(`${site.system.url}/dashboard`);
  await page.getByTestId('dashboard-page').waitFor();
  return { context, page };
}

const orderNumbers = (page: Page) =>
  page
    .getByTestId('tracking-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-number')));

/** Whether the page as a whole scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

async function statNumber(page: Page, key: string): Promise<number> {
  return Number(await page.getByTestId(`stat-${key}`).textContent());
}

describe('dashboard layout and workspace controls', () => {
  let seller: ApiAccount;
  beforeAll(async () => {
    seller = await createSeller(site.system, { onboarded: true, displayName: 'Lena Layout' });
    await importThroughApi(site.system, seller, mixedBookCsv());
  });

  it('shows the SHIP action of a row at 1280 px without scrolling sideways', async () => {
    const { context, page } = await dashboardAt(seller, desktop);
    await page.getByTestId('tracking-row').nth(9).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    const ship = page.getByTestId('tracking-row').first().getByTestId('ship-button');
    const box = await ship.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(desktop.width);
    // The table itself does not hide the action behind its own sideways scroll either.
    const wrapOverflow = await page
      .locator('.me-table-wrap')
      .evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
    expect(wrapOverflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('starts a returning seller’s data calls before the merchant remote has loaded, and calls once', async () => {
    const { context, page } = await dashboardAt(seller, desktop);
    try {
      await page.getByTestId('tracking-row').first().waitFor();
      // Later calls of the visit (another sort) are not what the page starts with next time.
      await page.getByTestId('sort-field').selectOption('orderNumber');
      await page.getByTestId('sort-direction').selectOption('asc');
      await page.locator('[data-testid="tracking-row"][data-order-number="LAY-1001"]').waitFor();
      const requested: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/') || pathname.startsWith('/mf/merchant/')) {
          requested.push(pathname);
        }
      });

      await page.reload();
      await page.getByTestId('tracking-row').first().waitFor();
      await waitForText(page, 'stat-total', '30');

      const listCalls = requested.filter((path) => path === '/api/upload/tracking-entries');
      const summaryCalls = requested.filter((path) => path === '/api/upload/summary');
      expect({ listCalls: listCalls.length, summaryCalls: summaryCalls.length }).toEqual({
        listCalls: 1,
        summaryCalls: 1,
      });
      expect(requested.indexOf('/api/upload/tracking-entries')).toBeLessThan(
        requested.indexOf('/mf/merchant/remoteEntry.js'),
      );
    } finally {
      await context.close();
    }
  });

  it('shows every date column in one format, with the exact time on hover', async () => {
    const { context, page } = await dashboardAt(seller, desktop);
    const created = page.getByTestId('tracking-row').first().getByTestId('created-cell');
    await created.waitFor();
    await expect(created.textContent()).resolves.toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    await expect(created.getAttribute('title')).resolves.toMatch(
      /^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/,
    );
    await context.close();
  });

  it('shows orders as cards at 390 px, with the header actions behind a keyboard menu', async () => {
    const { context, page } = await dashboardAt(seller, phone);
    await page.getByTestId('tracking-cards').waitFor();
    await expect(page.getByTestId('tracking-table').count()).resolves.toBe(0);
    await page.getByTestId('tracking-row').nth(9).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    const ship = page.getByTestId('tracking-row').first().getByTestId('ship-button');
    const box = await ship.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);

    // The header's buttons wait behind the menu button instead of filling the first screen.
    const toggle = page.getByTestId('header-menu-toggle');
    await expect(toggle.isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('open-upload').isVisible()).resolves.toBe(false);
    const headerHeight = await page.locator('.me-header').evaluate((el) => el.clientHeight);
    expect(headerHeight).toBeLessThan(phone.height / 4);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByTestId('open-upload').waitFor({ state: 'visible' });
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
    ).resolves.toBe('open-analytics');
    await page.keyboard.press('Escape');
    await page.getByTestId('open-upload').waitFor({ state: 'hidden' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
    ).resolves.toBe('header-menu-toggle');

    // A choice from the menu closes it and opens what was chosen.
    await toggle.click();
    await page.getByTestId('open-upload').click();
    await page.getByTestId('upload-modal').waitFor();
    await expect(page.getByTestId('open-reports').isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('counts the whole book by status, adding up to the total while hide-shipped is on', async () => {
    const { context, page } = await dashboardAt(seller, desktop);
    await page.getByTestId('tracking-row').nth(9).waitFor();
    await expect(page.getByTestId('hide-shipped').isChecked()).resolves.toBe(true);
    await waitForText(page, 'stat-total', '30');
    const parts = [
      'pending',
      'processing',
      'partially-shipped',
      'shipped',
      'delivered',
      'cancelled',
    ];
    const counts = await Promise.all(parts.map((key) => statNumber(page, key)));
    expect(counts).toEqual([5, 5, 5, 5, 5, 5]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(await statNumber(page, 'total'));
    await expect(page.getByTestId('tracking-stats').textContent()).resolves.toContain(
      'whatever the table shows',
    );
    // The table below still hides the shipped and delivered orders.
    await expect(page.getByTestId('tracking-row').count()).resolves.toBe(20);
    await context.close();
  });

  it('sorts with the sort control by any field, updatedAt included', async () => {
    // Importing one order again makes it the most recently updated.
    await importThroughApi(
      site.system,
      seller,
      `${header}\r\nLAY-1007,Annabelle1007,Leeworth-Smithson,a@buyer-domain.test,SW1A 6AA,pending,,,,Mug\r\n`,
    );
    const { context, page } = await dashboardAt(seller, desktop);
    await page.getByTestId('tracking-row').nth(9).waitFor();
    const first = async () => (await orderNumbers(page))[0];

    await page.getByTestId('sort-field').selectOption('orderNumber');
    await page.getByTestId('sort-direction').selectOption('asc');
    await page.locator('[data-testid="tracking-row"][data-order-number="LAY-1001"]').waitFor();
    await expect.poll(first).toBe('LAY-1001');
    await expect(page.getByTestId('sort-orderNumber').textContent()).resolves.toContain('▲');
    await page.getByTestId('sort-direction').selectOption('desc');
    await expect.poll(first).toBe('LAY-1030');

    await page.getByTestId('sort-field').selectOption('updatedAt');
    await expect(page.getByTestId('sort-direction').inputValue()).resolves.toBe('desc');
    await expect.poll(first).toBe('LAY-1007');
    await page.getByTestId('sort-direction').selectOption('asc');
    await expect.poll(first).not.toBe('LAY-1007');
    await expect(orderNumbers(page).then((numbers) => numbers.at(-1))).resolves.toBe('LAY-1007');

    // A header click and the control stay one state.
    await page.getByTestId('sort-courier').click();
    await expect(page.getByTestId('sort-field').inputValue()).resolves.toBe('courier');
    await context.close();
  });

  it('clears a ship-dialog message as soon as the field is corrected', async () => {
    const { context, page } = await dashboardAt(seller, desktop);
    await page.getByTestId('tracking-row').first().getByTestId('ship-button').click();
    await page.getByTestId('ship-tracking-number').fill('');
    await page.getByTestId('ship-courier').fill('');
    await page.getByTestId('ship-submit').click();
    await page.getByTestId('ship-tracking-number-error').waitFor();
    await page.getByTestId('ship-courier-error').waitFor();
    await page.getByTestId('ship-tracking-number').fill('RM123456785GB');
    await page.getByTestId('ship-tracking-number-error').waitFor({ state: 'detached' });
    // The other field's message stays until that field is corrected.
    await expect(page.getByTestId('ship-courier-error').count()).resolves.toBe(1);
    await page.getByTestId('ship-courier').fill('Royal Mail');
    await page.getByTestId('ship-courier-error').waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers Upload CSV, the template and Connect Web Store on an empty dashboard', async () => {
    const empty = await createSeller(site.system, { onboarded: true });
    const { context, page } = await dashboardAt(empty, desktop);
    await page.getByTestId('empty-workspace').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('empty-template').click(),
    ]);
    expect(download.suggestedFilename()).toBe(CSV_TEMPLATE_FILENAME);

    await page.getByTestId('empty-upload').click();
    await page.getByTestId('upload-modal').getByTestId('csv-dropzone').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('upload-modal').waitFor({ state: 'detached' });

    await page.getByTestId('empty-connect-store').click();
    await page.getByTestId('platform-bigcartel').waitFor();
    await context.close();
  });

  it('says an upload where every row failed imported nothing, instead of "Upload complete."', async () => {
    const fresh = await createSeller(site.system, { onboarded: true });
    const { context, page } = await dashboardAt(fresh, desktop);
    await page.getByTestId('open-upload').click();
    // A status over 100 characters fails its row.
    const broken = 'x'.repeat(120);
    const csv = [
      header,
      `BAD-1,Al,Bo,a@b.test,AB1,${broken},,,,Mug`,
      `BAD-2,Al,Bo,a@b.test,AB1,${broken},,,,Mug`,
    ].join('\r\n');
    await page.getByTestId('csv-file-input').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByTestId('csv-upload').click();
    await page.getByTestId('upload-result').waitFor();
    await expect(page.getByTestId('upload-result').locator('h2').textContent()).resolves.toBe(
      'Nothing was imported',
    );
    await page.getByTestId('upload-stay').click();
    const banner = page.getByTestId('upload-outcome');
    await expect(banner.getAttribute('data-tone')).resolves.toBe('error');
    const said = await banner.textContent();
    expect(said).not.toContain('Upload complete');
    expect(said).toMatch(/^Nothing was imported: all 2 rows failed\./);
    await context.close();
  });
});
