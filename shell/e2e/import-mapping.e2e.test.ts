import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  newPage,
  seedLocalStorage,
  sellerStorage,
  waitForText,
  type ApiAccount,
} from './support.js';

const site = composedSiteForFile();

/** A layout no store exports and the import cannot guess beyond its postcode (issue 39). */
const header = 'Ref,Client,Client mail,Zip,Bought on,Goods';

function stallCsv(prefix: string, count: number): string {
  const rows = Array.from({ length: count }, (_, index) => {
    const n = 1001 + index;
    return `${prefix}-${n},Ann${n} Lee,ann${n}@buyer.test,SW1A ${index}AA,2026-03-0${index + 1},${index + 2} x Mug`;
  });
  return [header, ...rows].join('\r\n') + '\r\n';
}

async function signedInPage(seller: ApiAccount, path: string) {
  const opened = await newPage(site.browser);
  await seedLocalStorage(opened.context, sellerStorage(seller));
  await opened.page.goto(`${site.system.url}${path}`);
  return opened;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

async function chooseFile(page: Page, name: string, csv: string): Promise<void> {
  await page.getByTestId('csv-file-input').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
}

/** Whether the page is no wider than its window (nothing to scroll sideways on a phone). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the mapping step', () => {
  it('matches the columns of an unknown layout, saves them as a template, and reads the next file of that layout by itself', async () => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Sam Stall' });
    const { context, page } = await signedInPage(seller, '/upload');
    await page.getByTestId('upload-page').waitFor();

    // A last row without an order number: the import refuses it, and the step says so first.
    const withRefusedRow = `${stallCsv('MS', 3)},Nobody,nobody@buyer.test,SW1A 9ZZ,2026-03-09,1 x Mug\r\n`;
    await chooseFile(page, 'market-stall.csv', withRefusedRow);
    const step = page.getByTestId('column-matching');
    await step.waitFor({ timeout: 15_000 });

    // The guess is chosen; what it cannot guess waits for the seller, and Upload says why it is off.
    await expect(page.getByTestId('map-postcode').inputValue()).resolves.toBe('Zip');
    await expect(page.getByTestId('map-orderNumber').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('csv-upload').isDisabled()).resolves.toBe(true);
    await expect(text(page, 'upload-blockers')).resolves.toContain(
      'Choose the column with an order number.',
    );
    // Each select is named by its field's label, required fields say so.
    await expect(
      page.getByRole('combobox', { name: 'Order number (required)', exact: true }).inputValue(),
    ).resolves.toBe('');

    await page.getByTestId('map-orderNumber').selectOption('Ref');
    await page.getByTestId('map-customerName').selectOption('Client');
    await page.getByTestId('map-email').selectOption('Client mail');
    await page.getByTestId('map-orderDate').selectOption('Bought on');
    await page.getByTestId('map-items').selectOption('Goods');
    await expect(page.getByTestId('csv-upload').isDisabled()).resolves.toBe(false);
    await expect(text(page, 'upload-blockers')).resolves.toBe('');

    // The first row as the import will store it, once the service has read the new choices.
    await page.getByTestId('matched-refreshing').waitFor({ state: 'detached', timeout: 15_000 });
    const first = page.getByTestId('matched-row').first();
    await expect(first.textContent()).resolves.toMatch(/MS-1001.*Ann1001 Lee.*ann1001@buyer\.test/);
    await expect(first.textContent()).resolves.toMatch(/2 [x×] Mug/);
    await expect(text(page, 'unused-columns')).resolves.toBe('Columns not used: none');
    await expect(text(page, 'matched-row-errors')).resolves.toMatch(
      /^Line 5, not imported: .*order number/i,
    );
    await expect(text(page, 'matched-summary')).resolves.toBe(
      '3 of 4 rows become orders; 1 row has problems',
    );

    await step.screenshot({ path: '/tmp/m2-mapping-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone a field's label sits above its select, and nothing runs off the screen.
    const label = await page.getByTestId('map-row-orderNumber').locator('label').boundingBox();
    const select = await page.getByTestId('map-orderNumber').boundingBox();
    expect(label && select && label.y + label.height <= select.y + 1).toBe(true);
    await expect(fitsWidth(page)).resolves.toBe(true);
    await step.screenshot({ path: '/tmp/m2-mapping-390.png' });
    await page.setViewportSize({ width: 1280, height: 900 });

    await expect(page.getByTestId('template-name').inputValue()).resolves.toBe('market-stall');
    await page.getByTestId('template-name').fill('Market stall');
    await page.getByTestId('csv-upload').click();
    await page.getByTestId('upload-result').waitFor({ timeout: 30_000 });
    await expect(text(page, 'upload-imported')).resolves.toBe('3');
    await expect(text(page, 'upload-failed')).resolves.toBe('1');
    await page.getByTestId('upload-stay').click();
    await waitForText(page, 'import-template-name', 'Market stall');

    await page.goto(`${site.system.url}/dashboard`);
    await page.getByTestId('tracking-row').nth(2).waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('tracking-row').count()).resolves.toBe(3);
    await waitForText(page, 'tracking-row', 'MS-1002');

    // The next file of the layout: no step, the template named, imported with its columns.
    await page.goto(`${site.system.url}/upload`);
    await chooseFile(page, 'market-stall-april.csv', stallCsv('AP', 2));
    await waitForText(page, 'mapping-summary', 'Using your saved template “Market stall”');
    await expect(page.getByTestId('column-matching').count()).resolves.toBe(0);
    await page.getByTestId('csv-uploader').screenshot({ path: '/tmp/m2-template-used-1280.png' });
    await page.getByTestId('csv-upload').click();
    await page.getByTestId('upload-result').waitFor({ timeout: 30_000 });
    await expect(text(page, 'upload-imported')).resolves.toBe('2');
    await expect(text(page, 'upload-assumptions')).resolves.toContain(
      'Columns mapped by your saved template “Market stall”',
    );
    await page.getByTestId('upload-stay').click();

    // Deleting the template asks first; then the layout needs matching again.
    await page.getByTestId('import-template-delete').click();
    await page.getByTestId('import-template-delete-confirm').click();
    await page.getByTestId('import-templates').waitFor({ state: 'detached' });
    await chooseFile(page, 'market-stall-may.csv', stallCsv('MY', 1));
    await step.waitFor({ timeout: 15_000 });
    await context.close();
  });
});
