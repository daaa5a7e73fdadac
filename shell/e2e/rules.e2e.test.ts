import type { Page } from 'playwright-core';
import { defaultRuleMessages, type RuleApplyPreview } from '@onvelope/contracts';
import { describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  newPage,
  postJson,
  seedLocalStorage,
  sellerStorage,
  type ApiAccount,
  waitForText,
} from './support.js';

const site = composedSiteForFile();

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items';

/** Three pending orders: two mugs and a download. */
function ordersCsv(prefix: string): string {
  const rows = ['Mug 1001', 'Mug 1002', 'Digital download'].map(
    (items, index) =>
      `${prefix}-${index + 1},Ann,Lee,ann${index}@buyer.test,SW1A 1AA,pending,,,,${items}`,
  );
  return [header, ...rows].join('\r\n') + '\r\n';
}

async function sellerWithRules(prefix: string): Promise<ApiAccount> {
  const seller = await createSeller(site.system, { onboarded: true });
  await importThroughApi(site.system, seller, ordersCsv(prefix));
  await postJson(
    site.system,
    '/api/keyword-rules',
    { keyword: 'mug', action: 'add_message', customMessage: 'Handmade to order' },
    seller.token,
  );
  await postJson(
    site.system,
    '/api/keyword-rules',
    { keyword: 'download', action: 'mark_as_shipped' },
    seller.token,
  );
  return seller;
}

async function openRules(seller: ApiAccount) {
  const opened = await newPage(site.browser);
  await seedLocalStorage(opened.context, sellerStorage(seller));
  await opened.page.goto(`${site.system.url}/dashboard`);
  await opened.page.getByTestId('open-rules').click();
  await opened.page.getByTestId('rules-modal').waitFor();
  return opened;
}

async function getJson<T>(seller: ApiAccount, path: string): Promise<T> {
  const response = await fetch(`${site.system.url}${path}`, {
    headers: { Authorization: `Bearer ${seller.token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

async function waitForExactText(page: Page, testId: string, expected: string): Promise<void> {
  await waitForText(page, testId, expected);
  await expect(text(page, testId)).resolves.toBe(expected);
}

// Each test makes its own seller, so the tests run side by side (`describe.concurrent`, issue 37).
describe.concurrent('keyword rules: confirmations and validation', () => {
  it('says how many orders applying the rules would change and how, and applies only once confirmed', async () => {
    const seller = await sellerWithRules('APL');
    const { context, page } = await openRules(seller);

    await page.getByTestId('rules-apply').click();
    await waitForExactText(
      page,
      'rule-confirm-summary',
      'Your 2 rules would change 3 of your 3 unshipped orders:',
    );
    await expect(
      page.getByTestId('rule-confirm-details').locator('li').allTextContents(),
    ).resolves.toEqual(['1 from Pending to Shipped', '2 get a new or changed message']);
    await expect(text(page, 'rule-confirm-warning')).resolves.toBe(
      '1 order would be marked shipped by a rule, with no courier or tracking number.',
    );
    await expect(text(page, 'rule-confirm-examples')).resolves.toContain(
      'APL-3: Pending → Shipped, no rule message',
    );

    // Cancel, and Escape, close only the question: the manager stays and no order changed.
    await page.getByTestId('rule-confirm-cancel').click();
    await page.getByTestId('rule-confirm').waitFor({ state: 'detached' });
    await page.getByTestId('rules-apply').click();
    await page.getByTestId('rule-confirm').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('rule-confirm').waitFor({ state: 'detached' });
    await expect(page.getByTestId('rules-modal').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('rules-notice').count()).resolves.toBe(0);
    expect(
      await getJson<RuleApplyPreview>(seller, '/api/keyword-rules/apply-preview'),
    ).toMatchObject({ changed: 3 });

    await page.getByTestId('rules-apply').click();
    await page.getByTestId('rule-confirm-ok').click();
    await waitForExactText(
      page,
      'rules-notice',
      'Applied 2 keyword rules to 3 unshipped orders: 3 changed.',
    );

    // Nothing left to change: the question says so and offers nothing to confirm.
    await page.getByTestId('rules-apply').click();
    await waitForExactText(
      page,
      'rule-confirm-summary',
      'Nothing to change: your 2 rules already gave your 2 unshipped orders their messages and statuses.',
    );
    await expect(page.getByTestId('rule-confirm-ok').count()).resolves.toBe(0);
    await expect(text(page, 'rule-confirm-cancel')).resolves.toBe('Close');
    await context.close();
  });

  it('asks before deleting a rule and before clearing all rules', async () => {
    const seller = await sellerWithRules('DEL');
    const { context, page } = await openRules(seller);
    await waitForExactText(page, 'rule-count-badge', '2');

    await page.getByTestId('rule-delete').first().click();
    await expect(page.getByTestId('rule-confirm').locator('h2').textContent()).resolves.toBe(
      'Delete rule “mug”?',
    );
    await page.getByTestId('rule-confirm-cancel').click();
    await page.getByTestId('rule-confirm').waitFor({ state: 'detached' });
    await expect(page.getByTestId('rule-item').count()).resolves.toBe(2);

    await page.getByTestId('rule-delete').first().click();
    await page.getByTestId('rule-confirm-ok').click();
    await waitForExactText(page, 'rules-notice', 'Rule “mug” deleted.');
    await expect(page.getByTestId('rule-item-keyword').allTextContents()).resolves.toEqual([
      'download',
    ]);
    await waitForExactText(page, 'rule-count-badge', '1');

    await page.getByTestId('rules-clear-all').click();
    await waitForText(page, 'rule-confirm-summary', 'All 1 rule will be deleted.');
    await page.getByTestId('rule-confirm-cancel').click();
    await expect(page.getByTestId('rule-item').count()).resolves.toBe(1);

    await page.getByTestId('rules-clear-all').click();
    await page.getByTestId('rule-confirm-ok').click();
    await waitForExactText(page, 'rules-notice', 'Deleted 1 keyword rule.');
    await page.getByTestId('rule-item').waitFor({ state: 'detached' });
    await expect(page.getByTestId('rules-clear-all').count()).resolves.toBe(0);
    await waitForExactText(page, 'rule-count-badge', '0');
    expect(await getJson<unknown[]>(seller, '/api/keyword-rules')).toEqual([]);
    await context.close();
  });

  it('clears the rule form message as the seller fixes the field', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    const { context, page } = await openRules(seller);
    const error = page.getByTestId('rule-form-error');
    const keyword = page.getByTestId('rule-keyword');
    const message = page.getByTestId('rule-message');

    await page.getByTestId('rule-save').click();
    await waitForExactText(page, 'rule-form-error', 'Please enter a keyword');
    await expect(keyword.getAttribute('aria-invalid')).resolves.toBe('true');

    // Fixing the keyword removes its message; the next problem (add_message needs a message) shows.
    await keyword.fill('gift');
    await waitForExactText(page, 'rule-form-error', 'Please enter a custom message');
    await expect(keyword.getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(message.getAttribute('aria-invalid')).resolves.toBe('true');

    // A status rule needs no message; back on add_message the message is asked for again.
    await page.getByTestId('rule-action').selectOption('awaiting_stock');
    await error.waitFor({ state: 'detached' });
    // Left empty, a status rule's message is the default the editor shows; mark_as_shipped has none.
    await expect(page.getByTestId('rule-default-message').textContent()).resolves.toBe(
      `Left empty, buyers read: “${defaultRuleMessages.awaiting_stock}”`,
    );
    await page.getByTestId('rule-action').selectOption('mark_as_shipped');
    await expect(page.getByTestId('rule-default-message').textContent()).resolves.toBe(
      'Left empty, buyers see no message from this rule.',
    );
    await page.getByTestId('rule-action').selectOption('add_message');
    await waitForExactText(page, 'rule-form-error', 'Please enter a custom message');

    await message.fill('Gift wrapped');
    await error.waitFor({ state: 'detached' });
    await expect(message.getAttribute('aria-invalid')).resolves.toBeNull();
    await page.getByTestId('rule-save').click();
    await waitForExactText(page, 'rules-notice', 'Rule “gift” created.');
    await expect(error.count()).resolves.toBe(0);
    await context.close();
  });
});
