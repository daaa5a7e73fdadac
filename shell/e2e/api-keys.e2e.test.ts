import { describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  seedLocalStorage,
  sellerStorage,
} from './support.js';

/**
 * Sellers' API keys in the browser (issue 35): the API KEYS tab of account settings creates a key
 * whose secret is shown once, the key lists and ships the seller's orders through the composed
 * site, and once revoked in the tab it is refused.
 */
const site = composedSiteForFile();

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl';

describe('API keys', () => {
  it('creates a key in the tab, calls the API with it, revokes it, and the call is refused', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    await importThroughApi(
      site.system,
      seller,
      `${header}\r\nAPIKEY-1,Ann,Lee,ann@example.com,SW1A 1AA,pending,,,\r\n`,
    );
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await seedLocalStorage(context, sellerStorage(seller));
      const page = await context.newPage();
      await page.goto(`${site.system.url}/account-settings`);
      await page.getByTestId('settings-tab-api-keys').click();
      await page.getByTestId('api-keys-empty').waitFor();

      // A missing name is refused in the contract's words, before anything is sent.
      await page.getByTestId('api-key-create').click();
      expect(await page.getByTestId('api-key-name-error').textContent()).toBe('Name is required');

      await page.getByTestId('api-key-name').fill('Warehouse');
      await page.getByTestId('api-key-scope').selectOption('read_write');
      await page.getByTestId('api-key-create').click();
      await page.getByTestId('api-key-secret').waitFor();
      const secret = await page.getByTestId('api-key-secret-value').inputValue();
      expect(secret).toMatch(/^onv_live_[A-Za-z0-9_-]{43}$/);
      expect(await page.getByTestId('api-key-secret').textContent()).toContain(
        'will not be shown again',
      );
      expect(await page.getByTestId('api-key-row-name').textContent()).toBe('Warehouse');
      expect(await page.getByTestId('api-key-row-prefix').textContent()).toBe(
        `${secret.slice(0, 15)}…`,
      );
      expect(await page.getByTestId('api-key-row-scope').textContent()).toBe('Read and write');
      expect(await page.getByTestId('api-key-row-last-used').textContent()).toBe('Never');

      // Once dismissed (or reloaded), the secret is gone for good.
      await page.getByTestId('api-key-secret-done').click();
      await page.reload();
      await page.getByTestId('settings-tab-api-keys').click();
      await page.getByTestId('api-keys-table').waitFor();
      expect(await page.content()).not.toContain(secret);

      // The key, from a script on the site: list the orders, ship one.
      const callWithKey = (method: string, path: string, body?: unknown) =>
        page.evaluate(
          async ({ method, path, body, secret }) => {
            const response = await fetch(path, {
              method,
              headers: {
                authorization: `Bearer ${secret}`,
                ...(body ? { 'content-type': 'application/json' } : {}),
              },
              body: body ? JSON.stringify(body) : undefined,
            });
            return { status: response.status, body: (await response.json()) as unknown };
          },
          { method, path, body, secret },
        );
      const listed = await callWithKey('GET', '/api/upload/tracking-entries');
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).toContain('APIKEY-1');
      const shipped = await callWithKey('PUT', '/api/bigcartel/orders/APIKEY-1/shipped', {
        trackingNumber: 'TN-APIKEY-1',
        courier: 'Royal Mail',
      });
      expect(shipped.status).toBe(200);
      const settings = await callWithKey('GET', '/auth/settings');
      expect(settings.status).toBe(403);

      // The tab shows it used, then revokes it after a confirmation.
      await page.reload();
      await page.getByTestId('settings-tab-api-keys').click();
      await page.getByTestId('api-keys-table').waitFor();
      expect(await page.getByTestId('api-key-row-last-used').textContent()).not.toBe('Never');
      await page.getByTestId('api-key-revoke').click();
      expect(await page.getByTestId('api-key-revoke-summary').textContent()).toContain(
        'Revoke "Warehouse"?',
      );
      await page.getByTestId('api-key-revoke-ok').click();
      await page.getByTestId('api-keys-empty').waitFor();
      await expect
        .poll(() => page.getByTestId('settings-success').textContent())
        .toBe('API key revoked');

      await expect
        .poll(async () => (await callWithKey('GET', '/api/upload/tracking-entries')).status, {
          timeout: 5_000,
        })
        .toBe(401);
      const refused = await callWithKey('GET', '/api/upload/tracking-entries');
      expect(refused.body).toEqual({
        error: 'API KEY REVOKED - Create a new one in Account Settings > API Keys',
      });
    } finally {
      await context.close();
    }
  });
});
