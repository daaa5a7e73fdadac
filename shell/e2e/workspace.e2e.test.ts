import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { CSV_TEMPLATE_FILENAME, csvTemplate } from '@onvelope/contracts';
import { describe, expect, it } from 'vitest';
import {
  createSeller,
  newPage,
  pathOf,
  seedLocalStorage,
  sellerStorage,
  composedSiteForFile,
  importThroughApi,
  type ApiAccount,
  waitForText,
} from './support.js';

// Each test makes its own sellers, so the tests run side by side (`describe.concurrent`, issue 37).
const site = composedSiteForFile();

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items';

/** A CSV of the spec's required columns (spec 000 §5) plus Items, one order per number. */
function ordersCsv(prefix: string, count: number): string {
  const rows = Array.from({ length: count }, (_, index) => {
    const n = 1001 + index;
    return `${prefix}-${n},Ann${n},Lee,ann${n}@buyer.test,SW1A ${index}AA,pending,,,,Mug ${n}`;
  });
  return [header, ...rows].join('\r\n') + '\r\n';
}

async function signedInPage(seller: ApiAccount, path: string) {
  const opened = await newPage(site.browser);
  await seedLocalStorage(opened.context, sellerStorage(seller));
  await opened.page.goto(`${site.system.url}${path}`);
  return opened;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

/** Waits for the text, then checks the first element shows exactly it. */
async function waitForExactText(page: Page, testId: string, expected: string): Promise<void> {
  await waitForText(page, testId, expected);
  await expect(text(page, testId)).resolves.toBe(expected);
}

describe.concurrent('seller workspace', () => {
  it('shows how far a long import has got while the file goes up', async () => {
    const seller = await createSeller(site.system, {
      onboarded: true,
      displayName: 'Pia Progress',
    });
    const { context, page } = await signedInPage(seller, '/upload');
    await page.getByTestId('upload-page').waitFor();
    // Enough rows to take a few seconds to send on the slow line below, so the bar is read while the
    // file is still going up on a loaded machine; more (it was 12,000) only made the service's part
    // of the wait longer.
    const rows = 3_000;
    const csv = ordersCsv('PRG', rows);
    await page.getByTestId('csv-file-input').setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByTestId('csv-preview-table').waitFor();
    // A slow line (64 KB/s up) so the ~0.2 MB file takes about 3 s to send.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    await page.getByTestId('csv-upload').click();

    await page
      .getByTestId('upload-progress-text')
      .filter({ hasText: /Importing… ([1-9]|[1-9]\d)% \(\d+\.\d of 0\.\d MB\)/ })
      .waitFor({ timeout: 15_000 });
    const percent = Number(await page.getByTestId('upload-progress-bar').getAttribute('value'));
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);

    await page.getByTestId('upload-result').waitFor({ timeout: 60_000 });
    await expect(text(page, 'upload-imported')).resolves.toBe(String(rows));
    await expect(page.getByTestId('upload-progress').count()).resolves.toBe(0);
    await context.close();
  });

  it('imports a CSV on /upload, then finds, ships and clears the orders on the dashboard', async () => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Uma Upload' });
    const { context, page } = await signedInPage(seller, '/upload');
    await page.getByTestId('upload-page').waitFor();
    const fileInput = page.getByTestId('csv-file-input');

    // The template the uploader offers is the contracts' one, which the import reads as it is.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('csv-template').click(),
    ]);
    expect(download.suggestedFilename()).toBe(CSV_TEMPLATE_FILENAME);
    expect(readFileSync((await download.path())!, 'utf8')).toBe(csvTemplate);

    await fileInput.setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7'),
    });
    await expect(text(page, 'upload-error')).resolves.toBe(
      'INVALID FILE TYPE. ONLY CSV FILES ACCEPTED.',
    );

    await fileInput.setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ordersCsv('E2E', 3)),
    });
    await page.getByTestId('csv-preview-table').waitFor();
    await expect(page.getByTestId('csv-preview-table').locator('tbody tr').count()).resolves.toBe(
      3,
    );
    await expect(page.getByTestId('upload-error').count()).resolves.toBe(0);
    await page.getByTestId('csv-upload').click();

    await page.getByTestId('upload-result').waitFor({ timeout: 30_000 });
    await expect(text(page, 'upload-total')).resolves.toBe('3');
    await expect(text(page, 'upload-imported')).resolves.toBe('3');
    await expect(text(page, 'upload-failed')).resolves.toBe('0');
    await expect(text(page, 'upload-message')).resolves.toMatch(/3 rows/);
    // The form is cleared on success, behind the result.
    await expect(page.getByTestId('csv-preview').count()).resolves.toBe(0);
    await page.getByTestId('upload-go-dashboard').click();

    await page.getByTestId('dashboard-page').waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    await page.getByTestId('tracking-row').nth(2).waitFor();
    await expect(page.getByTestId('tracking-row').count()).resolves.toBe(3);
    await waitForExactText(page, 'stat-total', '3');
    await expect(text(page, 'stat-pending')).resolves.toBe('3');

    await page.getByTestId('search-input').fill('E2E-1002');
    await page.getByTestId('search-input').press('Enter');
    await waitForExactText(
      page,
      'search-results-message',
      'Found 1 result(s) matching your criteria.',
    );
    await page.getByTestId('order-details-ship').click();

    await page.getByTestId('ship-submit').click();
    await expect(text(page, 'ship-tracking-number-error')).resolves.toBe(
      'Tracking number is required',
    );
    await page.getByTestId('ship-tracking-number').fill('RM123456785GB');
    await page.getByTestId('ship-courier').fill('Royal Mail');
    await page.getByTestId('ship-submit').click();
    await waitForExactText(page, 'toast-success', 'Order E2E-1002 marked as shipped successfully!');

    // Hide-shipped is on by default: the shipped order leaves the table; the counters keep counting
    // the whole book.
    await page.locator('[data-order-number="E2E-1002"]').waitFor({ state: 'detached' });
    await expect(page.getByTestId('tracking-row').count()).resolves.toBe(2);
    await waitForExactText(page, 'stat-shipped', '1');
    await expect(text(page, 'stat-total')).resolves.toBe('3');
    await expect(text(page, 'stat-pending')).resolves.toBe('2');
    await page.getByTestId('hide-shipped').uncheck();
    const shippedRow = page.locator('[data-order-number="E2E-1002"]');
    await shippedRow.waitFor();
    await expect(shippedRow.getByTestId('ship-button').count()).resolves.toBe(0);
    await expect(
      page.locator('[data-order-number="E2E-1001"]').getByTestId('ship-button').count(),
    ).resolves.toBe(1);

    await page.getByTestId('open-database').click();
    const clearAll = page.getByTestId('clear-all');
    await clearAll.click();
    await expect(clearAll.textContent()).resolves.toBe('Click again to delete ALL orders');
    await expect(page.getByTestId('tracking-row').count()).resolves.toBe(3);
    await clearAll.click();
    await waitForExactText(page, 'database-notice', 'Deleted all 3 orders');
    await page.getByTestId('database-modal-close').click();
    await page.getByTestId('table-empty').waitFor();
    await waitForExactText(page, 'stat-total', '0');
    await context.close();
  });

  it("shows a second seller none of the first seller's orders", async () => {
    const first = await createSeller(site.system, { onboarded: true });
    const second = await createSeller(site.system, { onboarded: true });
    await importThroughApi(site.system, first, ordersCsv('ONLYA', 2));

    const { context, page } = await signedInPage(second, '/dashboard');
    await page.getByTestId('table-empty').waitFor({ timeout: 15_000 });
    await waitForExactText(page, 'stat-total', '0');
    await page.getByTestId('search-input').fill('ONLYA-1001');
    await page.getByTestId('search-button').click();
    await waitForExactText(
      page,
      'search-results-message',
      'No results found for your search criteria.',
    );
    await context.close();

    const own = await signedInPage(first, '/dashboard');
    await own.page.getByTestId('tracking-row').nth(1).waitFor({ timeout: 15_000 });
    await expect(own.page.getByTestId('tracking-row').count()).resolves.toBe(2);
    await own.context.close();
  });

  it('shows an order edited from the search results as edited in their row too, and finds it without accents', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    await importThroughApi(site.system, seller, ordersCsv('FIX', 2));
    const { context, page } = await signedInPage(seller, '/dashboard');
    await page.getByTestId('tracking-row').nth(1).waitFor();
    await page.getByTestId('search-input').fill('FIX-1001');
    await page.getByTestId('search-input').press('Enter');
    await waitForExactText(
      page,
      'search-results-message',
      'Found 1 result(s) matching your criteria.',
    );
    await page.getByTestId('order-edit').click();
    await page.getByTestId('edit-order-firstName').fill('Zoë');
    await page.getByTestId('edit-order-save').click();
    await page.getByTestId('edit-order-dialog').waitFor({ state: 'detached' });
    const row = page.getByTestId('search-result-row');
    await expect.poll(() => row.textContent()).toContain('Zoë Lee');
    await page.getByTestId('search-results-close').click();

    await page.getByTestId('search-input').fill('zoe');
    await page.getByTestId('search-input').press('Enter');
    await waitForExactText(
      page,
      'search-results-message',
      'Found 1 result(s) matching your criteria.',
    );
    await expect(row.textContent()).resolves.toContain('FIX-1001');
    await context.close();
  });

  it('keeps the search button disabled until a term is typed', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    const { context, page } = await signedInPage(seller, '/dashboard');
    await page.getByTestId('table-empty').waitFor();
    const button = page.getByTestId('search-button');
    await expect(button.isDisabled()).resolves.toBe(true);
    await page.getByTestId('search-input').fill('   ');
    await expect(button.isDisabled()).resolves.toBe(true);
    await page.getByTestId('search-input').fill('x');
    await expect(button.isDisabled()).resolves.toBe(false);
    await context.close();
  });

  it('shows 25, 50, 100 or 250 orders a page, and remembers the choice', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    await importThroughApi(site.system, seller, ordersCsv('SIZE', 30));
    const { context, page } = await signedInPage(seller, '/dashboard');
    const rows = page.getByTestId('tracking-row');
    await rows.nth(24).waitFor();
    await expect(rows.count()).resolves.toBe(25);
    await page.getByTestId('page-size').selectOption('50');
    await rows.nth(29).waitFor();
    await expect(rows.count()).resolves.toBe(30);
    await page.reload();
    await rows.nth(29).waitFor();
    await expect(page.getByTestId('page-size').inputValue()).resolves.toBe('50');
    await context.close();
  });

  it('brings the reason a file cannot be uploaded yet into view, above a long preview, on a phone', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    const { context, page } = await signedInPage(seller, '/upload');
    await page.setViewportSize({ width: 390, height: 700 });
    const rows = Array.from({ length: 10 }, (_, index) => `N-${index},Left at the door`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Order Number,Notes', ...rows].join('\r\n')),
    });
    // No buyer column: the uploader asks for one before anything is sent (issue 39).
    await page.getByTestId('column-matching').waitFor();
    await page.getByTestId('csv-upload').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('csv-upload').isDisabled()).resolves.toBe(true);
    const reasons = page.getByTestId('upload-blockers');
    await expect(reasons.textContent()).resolves.toContain(
      'Choose the column with a buyer to reach: an e-mail or a name.',
    );
    await expect(
      reasons.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top > -1 && box.bottom < window.innerHeight + 1;
      }),
    ).resolves.toBe(true);
    await context.close();
  });

  it('says under the search box that one or two characters match only where words start', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    const { context, page } = await signedInPage(seller, '/dashboard');
    await page.getByTestId('table-empty').waitFor();
    const input = page.getByTestId('search-input');
    const hint = page.getByTestId('search-hint');
    await input.fill('ad');
    await expect(hint.textContent()).resolves.toBe(
      'Two characters find words that start with them; type 3 or more to search anywhere in a value.',
    );
    await expect(input.getAttribute('aria-describedby')).resolves.toBe('me-search-hint');
    await input.fill('ada');
    await expect(hint.count()).resolves.toBe(0);
    await context.close();
  });

  it('shows a refused profile field at the field, in view and focused, on a phone', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    const { context, page } = await signedInPage(seller, '/account-settings');
    await page.setViewportSize({ width: 390, height: 800 });
    const website = page.getByTestId('profile-website');
    await website.fill('my shop');
    await page.getByTestId('profile-save').click();

    const error = page.getByTestId('profile-website-error');
    await expect(error.textContent()).resolves.toBe(
      'Website must be a web address (http:// or https://)',
    );
    await expect(website.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(website.evaluate((field) => field === document.activeElement)).resolves.toBe(true);
    const inView = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => {
        // Scrolled to its top edge, a box may start a fraction of a pixel above the viewport.
        const box = element.getBoundingClientRect();
        return box.top > -1 && box.bottom < window.innerHeight + 1;
      });
    await expect(inView('profile-website-error')).resolves.toBe(true);
    await expect(page.getByTestId('settings-error').count()).resolves.toBe(0);

    await website.fill('https://olive.example');
    await expect(error.count()).resolves.toBe(0);
    await page.getByTestId('profile-save').click();
    await page.getByTestId('settings-success').waitFor();
    await expect(inView('settings-success')).resolves.toBe(true);
    await context.close();
  });

  it('creates a keyword rule, counts it on the badge and shows which rule applies to an item', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    await importThroughApi(site.system, seller, ordersCsv('RULE', 2));
    const { context, page } = await signedInPage(seller, '/dashboard');
    await waitForExactText(page, 'rule-count-badge', '0');
    await page.getByTestId('open-rules').click();

    await page.getByTestId('rule-save').click();
    await waitForExactText(page, 'rule-form-error', 'Please enter a keyword');
    await page.getByTestId('rule-keyword').fill('m');
    await page.getByTestId('keyword-suggestions').getByText('Mug 1001').click();
    await expect(page.getByTestId('rule-keyword').inputValue()).resolves.toBe('Mug 1001');
    await page.getByTestId('keyword-suggestions').waitFor({ state: 'detached' });
    await page.getByTestId('rule-save').click();
    await waitForExactText(page, 'rule-form-error', 'Please enter a custom message');

    await page.getByTestId('rule-message').fill('Handmade to order');
    await page.getByTestId('rule-preview').click();
    await expect(page.getByTestId('rule-preview-result').textContent()).resolves.toContain(
      'Would match 1 order',
    );
    await page.getByTestId('rule-save').click();
    await waitForExactText(page, 'rule-count-badge', '1');
    await expect(page.getByTestId('rule-item-keyword').textContent()).resolves.toBe('Mug 1001');

    await page.getByTestId('rule-message').fill('Ha');
    await page.getByTestId('message-suggestions').getByText('Handmade').click();
    await expect(page.getByTestId('rule-message').inputValue()).resolves.toBe('Handmade ');

    await page.getByTestId('rule-test-input').fill('Mug 1001');
    await page.getByTestId('rule-test-button').click();
    await waitForExactText(page, 'rule-test-message', 'Handmade to order');

    // The rule came after the import: applied to the existing orders, it changes the one it matches.
    await page.getByTestId('rules-apply').click();
    await waitForExactText(
      page,
      'rule-confirm-summary',
      'Your 1 rule would change 1 of your 2 unshipped orders:',
    );
    await page.getByTestId('rule-confirm-ok').click();
    await waitForExactText(
      page,
      'rules-notice',
      'Applied 1 keyword rule to 2 unshipped orders: 1 changed.',
    );
    await context.close();
  });

  it('shows AUTHENTICATION FAILED with a link to /login when the service refuses the token, then goes there', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    const { context, page } = await signedInPage(seller, '/dashboard');
    await page.getByTestId('table-empty').waitFor();

    // A password change ends every older token: the page's token is refused from now on.
    const changed = await fetch(`${site.system.url}/auth/settings/password`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${seller.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        currentPassword: seller.password,
        newPassword: 'another-horse-2',
        confirmPassword: 'another-horse-2',
      }),
    });
    expect(changed.status).toBe(200);

    // The revocation reaches svc-orders as an event; ask for the list again until it is refused.
    const listError = page.getByTestId('list-error');
    const deadline = Date.now() + 15_000;
    const directions = ['asc', 'desc'];
    while ((await listError.count()) === 0 && Date.now() < deadline) {
      directions.reverse();
      await page.getByTestId('sort-direction').selectOption(directions[0]!);
      await page.waitForTimeout(300);
    }
    await expect(listError.textContent()).resolves.toMatch(
      /^ERROR: AUTHENTICATION FAILED - .+ Go to login$/,
    );
    await expect(page.getByTestId('list-error-login').getAttribute('href')).resolves.toBe('/login');
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBeNull();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    await context.close();
  });
});
