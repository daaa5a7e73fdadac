import { describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  newPage,
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

describe('bulk actions', () => {
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
});
