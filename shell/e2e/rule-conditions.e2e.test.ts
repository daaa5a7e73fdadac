import type { Locator } from 'playwright-core';
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

// Three pending mugs: only RC-1 ships to the United States with a total of 50 or more.
const csv =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items,shippingCountry,grandTotal\r\n' +
  'RC-1,Ann,Lee,ann@buyer.test,10001,pending,,,,Mug,US,72.00\r\n' +
  'RC-2,Bob,Ray,bob@buyer.test,10002,pending,,,,Mug,US,20.00\r\n' +
  'RC-3,Cat,Fox,cat@buyer.test,SW1A 1AA,pending,,,,Mug,GB,90.00\r\n';

const sentence = 'country is United States and total ≥ 50';
const message = 'Your order qualifies for a free upgrade';

/** How far a box's content reaches past its right edge, in px (0 when it fits). */
const sidewaysOverflow = (box: Locator) =>
  box.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    let overflow = element.scrollWidth - element.clientWidth;
    for (const inner of element.querySelectorAll('*')) {
      const edge = inner.getBoundingClientRect();
      if (edge.width > 0) overflow = Math.max(overflow, Math.ceil(edge.right - right));
    }
    return overflow;
  });

describe('keyword rules with conditions on any field (issue 38 item 7)', () => {
  it('builds "country is United States and total ≥ 50 → add message", applies it, and only the matching order gets the message', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    await importThroughApi(site.system, seller, csv);
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));
    await page.goto(`${site.system.url}/dashboard`);
    await page.getByTestId('open-rules').click();
    await page.getByTestId('rules-modal').waitFor();

    // No keyword: the conditions say which orders the rule is for, in a sentence as they grow.
    await page.getByTestId('rule-add-condition').click();
    const first = page.getByTestId('rule-condition').nth(0);
    await expect(first.getByTestId('rule-condition-field').inputValue()).resolves.toBe('country');
    await first.getByTestId('rule-condition-country').selectOption('US');
    await waitForText(page, 'rule-sentence', 'Applies to orders where country is United States');

    await page.getByTestId('rule-add-condition').click();
    const second = page.getByTestId('rule-condition').nth(1);
    await second.getByTestId('rule-condition-field').selectOption('total');
    await second.getByTestId('rule-condition-operator').selectOption('gte');
    await second.getByTestId('rule-condition-value').fill('50');
    await expect(second.textContent()).resolves.toContain("in the order's own currency");
    await waitForText(page, 'rule-sentence', `Applies to orders where ${sentence}`);

    // A third row, removed again, leaves the sentence as it was.
    await page.getByTestId('rule-add-condition').click();
    await page.getByTestId('rule-condition-remove').nth(2).click();
    await expect(page.getByTestId('rule-condition').count()).resolves.toBe(2);
    await expect(page.getByTestId('rule-match-all').isChecked()).resolves.toBe(true);

    // At phone width the builder wraps inside the dialog instead of widening it.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(sidewaysOverflow(page.getByTestId('rules-modal'))).resolves.toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByTestId('rule-save').click();
    await waitForText(page, 'rule-form-error', 'Please enter a custom message');
    await page.getByTestId('rule-message').fill(message);
    await page.getByTestId('rule-save').click();
    await waitForText(page, 'rules-notice', `Rule “${sentence}” created.`);
    await expect(page.getByTestId('rule-item-keyword').allTextContents()).resolves.toEqual([
      sentence,
    ]);
    await waitForText(page, 'rule-item-sentence', `Applies to orders where ${sentence}`);

    // The confirmation counts what a rule of conditions alone would change, as for keywords.
    await page.getByTestId('rules-apply').click();
    await waitForText(
      page,
      'rule-confirm-summary',
      'Your 1 rule would change 1 of your 3 unshipped orders:',
    );
    await page.getByTestId('rule-confirm-ok').click();
    await waitForText(
      page,
      'rules-notice',
      'Applied 1 keyword rule to 3 unshipped orders: 1 changed.',
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('rules-modal').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('tracking-row').nth(2).waitFor({ timeout: 15_000 });

    const details = async (orderNumber: string) => {
      await page
        .locator(`[data-order-number="${orderNumber}"]`)
        .getByText(orderNumber)
        .first()
        .click();
      await waitForText(page, 'order-details-modal', `Order ${orderNumber}`);
    };
    await details('RC-1');
    await waitForText(page, 'order-keyword-message', message);
    await waitForText(
      page,
      'order-keyword-explanation',
      `rule '${sentence}' matched country United States, total 72`,
    );
    for (const other of ['RC-2', 'RC-3']) {
      await page.keyboard.press('Escape');
      await page.getByTestId('order-details-modal').waitFor({ state: 'detached' });
      await details(other);
      await expect(page.getByTestId('order-keyword-message').count()).resolves.toBe(0);
    }
    await context.close();
  });
});
