import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  newPage,
  postJson,
  seedLocalStorage,
  sellerStorage,
  waitForText,
} from './support.js';

const site = composedSiteForFile();

const csv =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl\r\n' +
  'BK-1001,Ada,Lovelace,ada@buyer.test,SW1A 1AA,pending,,,\r\n' +
  'BK-1002,Alan,Turing,alan@buyer.test,CB2 1TN,pending,,,\r\n' +
  'BK-1003,Grace,Hopper,grace@buyer.test,10001,pending,,,\r\n';

// Each test makes its own seller, so the tests run side by side (`describe.concurrent`, issue 37).
describe.concurrent('bulk actions', () => {
  it('ships two selected orders from a pasted list, with a count, progress and the outcome', async () => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Bulk Seller' });
    await importThroughApi(site.system, seller, csv);
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.system.url}/dashboard`);
    await page.locator('[data-order-number="BK-1003"]').waitFor({ timeout: 15_000 });

    const rowOf = (orderNumber: string) => page.locator(`[data-order-number="${orderNumber}"]`);
    await rowOf('BK-1001').getByTestId('select-order').check();
    await rowOf('BK-1002').getByTestId('select-order').check();
    await waitForText(page, 'bulk-count', '2 selected.');
    await page.getByTestId('bulk-ship').click();
    await waitForText(page, 'bulk-confirm-count', 'Ship 2 orders with one courier.');

    // A bad line is shown before anything starts; the corrected list starts the job.
    await page.getByTestId('bulk-courier').fill('Royal Mail');
    await page.getByTestId('bulk-tracking-list').fill('BK-1001, RM111111110GB\nBK-1002');
    await waitForText(page, 'bulk-list-errors', 'Line 2: no tracking number for order BK-1002');
    await expect(page.getByTestId('bulk-start').isDisabled()).resolves.toBe(true);
    await page
      .getByTestId('bulk-tracking-list')
      .fill('order number\ttracking number\nBK-1001\tRM111111110GB\nBK-1002\tRM222222225GB');
    await expect(page.getByTestId('bulk-list-errors').count()).resolves.toBe(0);
    await page.getByTestId('bulk-start').click();

    await page.getByTestId('bulk-progress').or(page.getByTestId('bulk-outcome')).first().waitFor();
    await waitForText(page, 'bulk-outcome-message', 'Shipped 2 orders.');
    await page.screenshot({ path: '/tmp/bulk-outcome-1280.png' });
    await page.getByTestId('bulk-done').click();

    // Shipped orders leave the table while hide-shipped is on; shown again, they carry their tracking.
    await rowOf('BK-1001').waitFor({ state: 'detached' });
    await page.getByTestId('hide-shipped').uncheck();
    await waitForText(page, 'tracking-row', 'RM111111110GB');
    await expect(rowOf('BK-1002').textContent()).resolves.toContain('RM222222225GB');
    await expect(rowOf('BK-1003').textContent()).resolves.not.toContain('RM');

    // On a phone the cards carry the tick boxes and the bar fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await rowOf('BK-1003').getByTestId('select-order').check();
    await page.getByTestId('bulk-bar').waitFor();
    await page.screenshot({ path: '/tmp/bulk-bar-390.png', fullPage: false });
    // Delete asks first, with the count; cancelling changes nothing.
    await page.getByTestId('bulk-delete').click();
    await waitForText(page, 'bulk-confirm-count', 'Delete 1 order? This cannot be undone.');
    await page.screenshot({ path: '/tmp/bulk-delete-390.png' });
    await page.getByTestId('bulk-dialog').getByText('Cancel').click();
    await page.getByTestId('bulk-dialog').waitFor({ state: 'detached' });
    await rowOf('BK-1003').waitFor();
    await context.close();
  });

  it('exports the ticked orders as a file, and applies one rule to them after a confirmation', async ({
    expect,
  }) => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Rule Seller' });
    await importThroughApi(
      site.system,
      seller,
      'orderNumber,firstName,lastName,email,postcode,status,items\r\n' +
        'RX-1,Ada,Lovelace,ada@buyer.test,SW1A 1AA,pending,Gift card\r\n' +
        'RX-2,Alan,Turing,alan@buyer.test,CB2 1TN,pending,Mug\r\n' +
        'RX-3,Grace,Hopper,grace@buyer.test,10001,pending,Gift card\r\n',
    );
    await postJson(
      site.system,
      '/api/keyword-rules',
      { keyword: 'gift', action: 'working_through_orders', customMessage: 'Gift wrapped' },
      seller.token,
    );
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.system.url}/dashboard`);
    const rowOf = (orderNumber: string) => page.locator(`[data-order-number="${orderNumber}"]`);
    await rowOf('RX-3').waitFor({ timeout: 15_000 });
    await rowOf('RX-1').getByTestId('select-order').check();
    await rowOf('RX-2').getByTestId('select-order').check();
    await waitForText(page, 'bulk-count', '2 selected.');

    // Export: the format, the count, then a file holding exactly the ticked orders.
    await page.getByTestId('bulk-export').click();
    await waitForText(page, 'bulk-confirm-count', 'Export 2 orders as CSV');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bulk-start').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^onvelope-selection-\d{8}-\d{6}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Order number,First name');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(['RX-1', 'RX-2']);
    await waitForText(page, 'bulk-export-done', 'Exported 2 orders');
    await page.getByTestId('bulk-export-dialog').getByTestId('bulk-done').click();
    await page.getByTestId('bulk-export-dialog').waitFor({ state: 'detached' });

    // Apply rule: the rule, how many of the ticked orders it would change, then the job's outcome.
    await page.getByTestId('bulk-apply-rule').click();
    await waitForText(
      page,
      'bulk-confirm-count',
      "Rule 'gift' would change 1 of the 2 selected orders.",
    );
    await page.screenshot({ path: '/tmp/bulk-apply-rule-1280.png' });
    await page.getByTestId('bulk-start').click();
    await waitForText(page, 'bulk-outcome-message', "Applied rule 'gift' to 1 order; 1 skipped.");
    await waitForText(page, 'bulk-skipped', "Rule 'gift' does not match order RX-2");
    await page.getByTestId('bulk-done').click();
    // Only the ticked order the rule matches moved on: RX-3 matches too, but was not ticked.
    await page
      .locator('[data-order-number="RX-1"]', { hasText: /processing/i })
      .waitFor({ timeout: 15_000 });
    await expect(rowOf('RX-2').textContent()).resolves.toMatch(/pending/i);
    await expect(rowOf('RX-3').textContent()).resolves.toMatch(/pending/i);

    await page.setViewportSize({ width: 390, height: 844 });
    await rowOf('RX-3').getByTestId('select-order').check();
    await page.getByTestId('bulk-bar').waitFor();
    await page.screenshot({ path: '/tmp/bulk-bar-actions-390.png' });
    await rowOf('RX-3').getByTestId('select-order').uncheck();

    // Every skipped order can be seen, not only the first page of them.
    const mugs = Array.from(
      { length: 120 },
      (_, i) => `MUG-${i + 1},Ada,Lovelace,ada@buyer.test,SW1A 1AA,pending,Mug`,
    );
    await importThroughApi(
      site.system,
      seller,
      `orderNumber,firstName,lastName,email,postcode,status,items\r\n${mugs.join('\r\n')}\r\n`,
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.locator('[data-order-number^="MUG-"]').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('select-page').check();
    await page.getByTestId('select-all-matching').click();
    await waitForText(page, 'bulk-count', 'All 123 matching orders are selected.');
    await page.getByTestId('bulk-apply-rule').click();
    await waitForText(
      page,
      'bulk-confirm-count',
      "Rule 'gift' would change 1 of the 123 selected orders.",
    );
    await page.getByTestId('bulk-start').click();
    await waitForText(
      page,
      'bulk-outcome-message',
      "Applied rule 'gift' to 1 order; 122 skipped.",
      60_000,
    );
    const skipped = page.getByTestId('bulk-skipped').locator('li');
    await expect.poll(() => skipped.count()).toBe(100);
    await page.getByTestId('bulk-skipped-more').click();
    await expect.poll(() => skipped.count()).toBe(122);
    await expect(page.getByTestId('bulk-skipped-more').count()).resolves.toBe(0);
    await expect(page.getByTestId('bulk-skipped').textContent()).resolves.toContain(
      "Rule 'gift' does not match order MUG-1",
    );
    await context.close();
  });
});
