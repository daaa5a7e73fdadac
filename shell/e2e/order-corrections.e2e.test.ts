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
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items\r\n' +
  'OC-1001,Ada,Lovelace,ada@buyer.test,SW1A 1AA,pending,,,,Sample mug\r\n' +
  'OC-1002,Alan,Turing,alan@buyer.test,CB2 1TN,pending,,,,Tea set\r\n';

describe('correcting one order', () => {
  it('edits, corrects tracking, unships and deletes an order from its details', async () => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Cora Rect' });
    await importThroughApi(site.system, seller, csv);
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));
    await page.goto(`${site.system.url}/dashboard`);
    await page.getByTestId('tracking-row').nth(1).waitFor({ timeout: 15_000 });
    await page.getByTestId('hide-shipped').uncheck();
    const row = page.locator('[data-order-number="OC-1001"]');
    const openDetails = async () => {
      await row.getByText('OC-1001').first().click();
      await page.getByTestId('order-details').waitFor();
    };

    // Edit: a refusal shows at its field; the saved order and its history show the change.
    await openDetails();
    await page.getByTestId('order-edit').click();
    await page.getByTestId('edit-order-lastName').fill('Byron');
    await page.getByTestId('edit-order-email').fill('not an email');
    await page.getByTestId('edit-order-save').click();
    await waitForText(page, 'edit-order-email-error', 'Email must be an email address');
    await page.getByTestId('edit-order-email').fill('ada@byron.test');
    await page.getByTestId('edit-order-save').click();
    await page.getByTestId('edit-order-dialog').waitFor({ state: 'detached' });
    await waitForText(page, 'order-details', 'Ada Byron');
    await waitForText(page, 'order-history-entry', 'Last name: Lovelace → Byron');

    // Ship, then correct the tracking with the same dialog in its correction mode.
    await page.getByTestId('order-details-ship').click();
    await page.getByTestId('ship-tracking-number').fill('RM123456785GB');
    await page.getByTestId('ship-courier').fill('Royal Mail');
    await page.getByTestId('ship-submit').click();
    await waitForText(page, 'toast-success', 'Order OC-1001 marked as shipped successfully!');
    await waitForText(page, 'tracking-row', 'RM123456785GB');
    await openDetails();
    await page.getByTestId('order-correct-tracking').click();
    await expect(page.getByTestId('ship-tracking-number').inputValue()).resolves.toBe(
      'RM123456785GB',
    );
    await page.getByTestId('ship-tracking-number').fill('RM987654325GB');
    await page.getByTestId('ship-submit').click();
    await waitForText(page, 'toast-success', 'Tracking of order OC-1001 corrected');
    await waitForText(page, 'tracking-row', 'RM987654325GB');

    // Back to unshipped: the details show it pending, without tracking.
    await openDetails();
    await waitForText(
      page,
      'order-history-entry',
      'Tracking number: RM123456785GB → RM987654325GB',
    );
    await page.getByTestId('order-unship').click();
    await page.getByTestId('order-details-ship').waitFor();
    await expect(page.getByTestId('order-unship').count()).resolves.toBe(0);
    await waitForText(page, 'order-history-entry', 'Status: shipped → pending');

    // Delete, after a confirmation that names the order.
    await page.getByTestId('order-delete').click();
    await waitForText(page, 'delete-order-dialog', 'Order OC-1001 (Ada Byron)');
    await page.getByTestId('delete-order-confirm').click();
    await waitForText(page, 'order-details-deleted', 'Order OC-1001 deleted');
    await page.reload();
    await page.getByTestId('tracking-row').first().waitFor();
    await page.getByTestId('hide-shipped').uncheck();
    await page.locator('[data-order-number="OC-1002"]').waitFor();
    await expect(row.count()).resolves.toBe(0);
    await context.close();
  });
});
