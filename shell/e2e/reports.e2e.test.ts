import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createSeller,
  newPage,
  seedLocalStorage,
  sellerStorage,
  composedSiteForFile,
  importThroughApi,
  waitForText,
} from './support.js';

const site = composedSiteForFile();

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items,shippingAddress1,shippingCity,shippingZip,shippingCountry';

/** 210 orders to the United Kingdom (GB) and 20 to Germany (DE). */
function reportCsv(): string {
  const rows = Array.from({ length: 230 }, (_, index) => {
    const n = 1001 + index;
    const country = index < 210 ? 'GB' : 'DE';
    return `RPT-${n},Ann${n},Lee,ann${n}@buyer.test,SW1A 1AA,pending,,,,Mug ${n},${n} High Street,London,SW1A 1AA,${country}`;
  });
  return [header, ...rows].join('\r\n') + '\r\n';
}

/** Clicks an export button and returns the file the browser saved. */
async function download(page: Page, format: 'csv' | 'xlsx' | 'pdf') {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId(`export-${format}`).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

describe('reports and export', () => {
  it('runs a report with a filter, pages through it and downloads it as csv, xlsx and pdf', async () => {
    const seller = await createSeller(site.system, {
      onboarded: true,
      displayName: 'Rita Reports',
    });
    await importThroughApi(site.system, seller, reportCsv());
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));
    await page.goto(`${site.system.url}/dashboard`);
    await page.getByTestId('open-reports').click();
    await page.getByTestId('reports-panel').waitFor();

    // A bad range is refused by the service and shown beside the field it names.
    await page.getByTestId('report-createdFrom').fill('2026-03-10');
    await page.getByTestId('report-createdTo').fill('2026-03-01');
    await page.getByTestId('report-search').click();
    await waitForText(page, 'report-createdFrom-error', 'createdFrom must not be after createdTo');
    await page.getByTestId('report-reset').click();

    await page.getByTestId('report-shippingCountryContains').fill('Kingdom');
    await page.getByTestId('report-sortBy').selectOption('orderNumber');
    await page.getByTestId('report-sortDir').selectOption('asc');
    await page.getByTestId('report-search').click();
    // The dashboard's own table has paging too: everything below is looked up inside the modal.
    const results = page.getByTestId('report-results');
    await results.waitFor();
    await expect(page.getByTestId('report-total').textContent()).resolves.toBe('210 orders match');
    await expect(page.getByTestId('report-row').count()).resolves.toBe(100);
    const firstRow = page.getByTestId('report-row').first();
    await expect(firstRow.getAttribute('data-order-number')).resolves.toBe('RPT-1001');
    await expect(firstRow.locator('td').nth(6).textContent()).resolves.toBe('United Kingdom');
    await expect(firstRow.locator('td').nth(11).textContent()).resolves.toBe('1001 High Street');
    await expect(results.getByTestId('pagination-page').textContent()).resolves.toBe('Page 1 of 3');

    await results.getByTestId('page-next').click();
    await results.getByTestId('pagination-page').filter({ hasText: 'Page 2 of 3' }).waitFor();
    await expect(
      page.getByTestId('report-row').first().getAttribute('data-order-number'),
    ).resolves.toBe('RPT-1101');
    await results.getByTestId('page-next').click();
    await results.getByTestId('pagination-page').filter({ hasText: 'Page 3 of 3' }).waitFor();
    await expect(page.getByTestId('report-row').count()).resolves.toBe(10);

    const csv = await download(page, 'csv');
    expect(csv.name).toMatch(/^onvelope-report-\d{8}-\d{6}\.csv$/);
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // The header and every matching row, not only the page on screen; no German order.
    expect(lines).toHaveLength(211);
    expect(lines.filter((line) => line.includes('RPT-'))).toHaveLength(210);
    expect(lines.some((line) => line.includes('Germany'))).toBe(false);
    expect(lines[1]).toContain('RPT-1001');

    const xlsx = await download(page, 'xlsx');
    expect(xlsx.name).toMatch(/^onvelope-report-\d{8}-\d{6}\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    const pdf = await download(page, 'pdf');
    expect(pdf.name).toMatch(/^onvelope-report-\d{8}-\d{6}\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByTestId('export-error').count()).resolves.toBe(0);

    // While an export runs every export button waits; a refused one says why. The answer is held
    // back and replaced on its way to the page, as a slow and then failing service would.
    await page.route('**/api/reports/export', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Orders are unavailable' }),
      });
    });
    await page.getByTestId('export-csv').click();
    await page.getByTestId('export-busy').waitFor();
    await expect(page.getByTestId('export-pdf').isDisabled()).resolves.toBe(true);
    await waitForText(page, 'export-error', 'Export failed: 503 - Orders are unavailable');
    await expect(page.getByTestId('export-pdf').isDisabled()).resolves.toBe(false);
    await context.close();
  });
});
