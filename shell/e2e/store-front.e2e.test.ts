import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  connectThroughApi,
  createSeller,
  newPage,
  pathOf,
  seedLocalStorage,
  sellerStorage,
  composedSiteForFile,
  waitForText,
} from './support.js';

/** The system's store-front simulator (the composed system runs one unless told otherwise). */
const storeFront = () => {
  const simulator = site.system.storeFront;
  if (!simulator) throw new Error('the system runs no store-front simulator');
  return simulator;
};

const site = composedSiteForFile();

/**
 * A store of the test's own in the simulator, so the slow pages it is given slow no other test's
 * store: the tests run side by side.
 */
const ownStore = (ordersCount: number, storeName: string) =>
  storeFront().createStore({ ordersCount, storeName });

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

// Each test syncs stores of its own and slows only those (issue 37: side by side).
describe.concurrent('store-front sync', () => {
  it('connects a Big Cartel store, syncs its orders with progress, and pushes a shipment back', async () => {
    const store = await ownStore(120, 'Sam Store Pottery');
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Sam Store' });
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));
    await page.goto(`${site.system.url}/dashboard`);
    await page.getByTestId('dashboard-page').waitFor();
    // No connection yet: no Sync Orders.
    await page.getByTestId('open-connect-store').waitFor();
    await expect(page.getByTestId('sync-orders').count()).resolves.toBe(0);

    await page.getByTestId('open-connect-store').click();
    await page.getByTestId('platform-etsy').click();
    await waitForText(page, 'toast-info', 'Etsy integration coming soon!');
    await page.getByTestId('platform-bigcartel').click();
    await page.getByTestId('store-url-submit').click();
    await expect(text(page, 'store-url-error')).resolves.toBe(
      'Please enter your BigCartel store URL',
    );
    await page.getByTestId('store-url').fill(store.url);
    await page.getByTestId('store-url-submit').click();

    await page.waitForURL((url) => url.pathname === '/oauth/authorize', { timeout: 15_000 });
    await page.getByTestId('storefront-account-select').selectOption(store.accountId);
    await page.getByTestId('storefront-approve').click();

    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
    await waitForText(page, 'store-connected-notice', store.storeName);
    // The parameters of the return leave the address bar.
    await page.waitForURL((url) => url.search === '', { timeout: 5_000 });
    expect(pathOf(page)).toBe('/dashboard');
    await waitForText(page, 'connected-store', store.storeName);

    await page.getByTestId('sync-orders').click();
    await page.getByTestId('first-sync-modal').waitFor({ timeout: 15_000 });
    await expect(text(page, 'first-sync-store')).resolves.toBe(store.storeName);
    await expect(text(page, 'first-sync-estimate')).resolves.toBe(String(store.ordersCount));
    await expect(page.getByTestId('first-sync-large-warning').count()).resolves.toBe(0);
    // Slow pages (two of them, 1 s each) keep the sync running past the first progress read, made
    // as it starts, and about end it by the next (spec 000 §4: progress polled every 3 seconds).
    await storeFront().setStoreFaults(store.accountId, { delay: { ms: 1000 } });
    await page.getByTestId('first-sync-start').click();

    await page.getByTestId('sync-progress-bar').waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('sync-orders').isDisabled()).resolves.toBe(true);
    await expect(text(page, 'sync-phase')).resolves.toMatch(/\S/);
    await waitForText(
      page,
      'sync-notice-success',
      `Successfully synced ${store.ordersCount} new orders from BigCartel!`,
      90_000,
    );
    await storeFront().clearStoreFaults(store.accountId);
    await page.getByTestId('sync-progress').waitFor({ state: 'detached' });
    await waitForText(page, 'last-sync-result', `${store.ordersCount} new of`);

    // Every order of the store is on the dashboard once shipped ones are shown too.
    await page.getByTestId('hide-shipped').uncheck();
    await waitForText(page, 'stat-total', String(store.ordersCount));
    await expect(text(page, 'stat-total')).resolves.toBe(String(store.ordersCount));
    await page.getByTestId('hide-shipped').check();

    const row = page.getByTestId('tracking-row').filter({ has: page.getByTestId('ship-button') });
    await row.first().waitFor();
    const orderNumber = await row.first().getAttribute('data-order-number');
    if (!orderNumber) throw new Error('the row carries no order number');
    await row.first().getByTestId('ship-button').click();
    await page.getByTestId('ship-tracking-number').fill('1Z999AA10123456784');
    await page.getByTestId('ship-courier').fill('UPS');
    await page.getByTestId('ship-submit').click();
    await waitForText(
      page,
      'toast-success',
      `Order ${orderNumber} marked as shipped successfully! the connected store-front has been updated.`,
    );

    const atStoreFront = await storeFront().getOrder(store.accountId, orderNumber);
    expect(atStoreFront?.shippingStatus).toBe('shipped');
    expect(atStoreFront?.shipments.map((shipment) => shipment.trackingNumber)).toContain(
      '1Z999AA10123456784',
    );

    // Account settings, INTEGRATIONS: the same connection, an incremental sync, then disconnect.
    await page.getByTestId('account-settings-link').click();
    await page.getByTestId('settings-tab-integrations').click();
    await waitForText(page, 'integration-state', 'Connected');
    await expect(text(page, 'integration-store')).resolves.toContain(store.storeName);
    await expect(text(page, 'integration-last-sync')).resolves.not.toBe('Never');
    await page.getByTestId('integration-sync').click();
    await waitForText(
      page,
      'settings-success',
      `Sync completed - all ${store.ordersCount} BigCartel orders are up to date!`,
      60_000,
    );
    // Loaded on its own (not after the dashboard's styles), Disconnect still reads as destructive.
    await page.reload();
    await page.getByTestId('settings-tab-integrations').click();
    const dangerColor = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--ov-danger)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    await expect(
      page
        .getByTestId('integration-disconnect')
        .evaluate((button) => getComputedStyle(button).color),
    ).resolves.toBe(dangerColor);
    await page.getByTestId('integration-disconnect').click();
    await page.getByTestId('disconnect-confirm').click();
    await waitForText(page, 'settings-success', 'BigCartel disconnected successfully!');
    await waitForText(page, 'integration-state', 'Disconnected');
    await page.getByTestId('integration-connect').waitFor();
    await context.close();
  });

  it('gives each of two connected stores its own sync, progress, result and disconnect', async () => {
    const small = await ownStore(120, 'Two Shops Small Batch');
    // Above the first sync's 1000-order warning.
    const large = await ownStore(1500, 'Two Shops Warehouse');
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Two Shops' });
    // Connected through the API: the first test connects through the screens.
    await Promise.all([small, large].map((store) => connectThroughApi(site.system, seller, store)));
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));
    await page.goto(`${site.system.url}/dashboard`);
    await page.getByTestId('dashboard-page').waitFor();
    for (const store of [small, large]) await waitForText(page, 'connected-store', store.storeName);
    const card = (store: { storeName: string }) =>
      page.getByTestId('connected-store').filter({ hasText: store.storeName });
    await expect(page.getByTestId('connected-store').count()).resolves.toBe(2);

    // Sync Orders in the header asks which store; the second one is synced, not the first. Its
    // slow pages (15 of them, 6 s in all) keep it running while the small one is started.
    await storeFront().setStoreFaults(large.accountId, { delay: { ms: 400 } });
    await page.getByTestId('sync-orders').click();
    await page.getByTestId('sync-store-chooser').waitFor();
    await page.getByTestId('sync-store-choice').filter({ hasText: large.storeName }).click();
    await page.getByTestId('first-sync-modal').waitFor({ timeout: 15_000 });
    await expect(text(page, 'first-sync-store')).resolves.toBe(large.storeName);
    await expect(text(page, 'first-sync-estimate')).resolves.toBe(String(large.ordersCount));
    await page.getByTestId('first-sync-large-warning').waitFor();
    await page.getByTestId('first-sync-start').click();

    // Only the large store's card shows progress; the small one can still be synced meanwhile.
    await card(large).getByTestId('sync-progress-bar').waitFor({ timeout: 10_000 });
    await expect(card(large).getByTestId('store-sync').isDisabled()).resolves.toBe(true);
    await expect(card(small).getByTestId('sync-progress').count()).resolves.toBe(0);
    await expect(card(small).getByTestId('store-sync').isDisabled()).resolves.toBe(false);
    await card(small).getByTestId('store-sync').click();
    await page.getByTestId('first-sync-modal').waitFor({ timeout: 15_000 });
    await expect(text(page, 'first-sync-store')).resolves.toBe(small.storeName);
    await page.getByTestId('first-sync-start').click();
    await card(small)
      .getByTestId('sync-notice-success')
      .filter({ hasText: `Successfully synced ${small.ordersCount} new orders from BigCartel!` })
      .waitFor({ timeout: 60_000 });
    await card(large)
      .getByTestId('sync-notice-success')
      .filter({ hasText: `Successfully synced ${large.ordersCount} new orders from BigCartel!` })
      .waitFor({ timeout: 120_000 });
    await storeFront().clearStoreFaults(large.accountId);
    await expect(page.getByTestId('sync-progress').count()).resolves.toBe(0);
    await expect(card(small).getByTestId('last-sync-result').textContent()).resolves.toBe(
      `Last sync result: ${small.ordersCount} new of ${small.ordersCount} orders`,
    );
    await expect(card(large).getByTestId('last-sync-result').textContent()).resolves.toBe(
      `Last sync result: ${large.ordersCount} new of ${large.ordersCount} orders`,
    );
    await page.getByTestId('hide-shipped').uncheck();
    await waitForText(page, 'stat-total', String(small.ordersCount + large.ordersCount));

    // Account settings, INTEGRATIONS: one row per store, each with its own sync and result.
    await page.getByTestId('account-settings-link').click();
    await page.getByTestId('settings-tab-integrations').click();
    const row = (store: { storeName: string }) =>
      page.getByTestId('integration-connection').filter({ hasText: store.storeName });
    await row(large).getByTestId('integration-state').filter({ hasText: 'Connected' }).waitFor();
    await expect(row(small).getByTestId('integration-state').textContent()).resolves.toBe(
      'Connected',
    );
    await row(large).getByTestId('integration-sync').click();
    await waitForText(
      page,
      'settings-success',
      `Sync completed - all ${large.ordersCount} BigCartel orders are up to date!`,
      60_000,
    );
    await expect(row(large).getByTestId('last-sync-result').textContent()).resolves.toBe(
      `Last sync result: 0 new of ${large.ordersCount} orders`,
    );
    await expect(row(small).getByTestId('last-sync-result').textContent()).resolves.toBe(
      `Last sync result: ${small.ordersCount} new of ${small.ordersCount} orders`,
    );
    await page.getByTestId('back-to-dashboard').click();

    // Disconnect from the dashboard, confirmed first: only that store goes.
    await card(small).getByTestId('store-disconnect').click();
    await page.getByTestId('disconnect-modal').waitFor();
    await expect(page.getByTestId('disconnect-modal').textContent()).resolves.toContain(
      small.storeName,
    );
    await page.getByTestId('disconnect-cancel').click();
    await expect(page.getByTestId('connected-store').count()).resolves.toBe(2);
    await card(small).getByTestId('store-disconnect').click();
    await page.getByTestId('disconnect-confirm').click();
    await waitForText(page, 'store-front-notice', 'BigCartel disconnected successfully!');
    await card(small).waitFor({ state: 'detached' });
    await expect(page.getByTestId('connected-store').count()).resolves.toBe(1);
    await expect(card(large).count()).resolves.toBe(1);
    await context.close();
  });

  it('shows the store dialogs over the account settings page when it is the page first loaded', async () => {
    const store = storeFront().stores[0];
    if (!store) throw new Error('the simulator has no demo store');
    const seller = await createSeller(site.system, {
      onboarded: true,
      displayName: 'Settings First',
    });
    // Connected through the API: the first test connects through the screens.
    await connectThroughApi(site.system, seller, store);
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      // A reload, not the dashboard's link: the dashboard's stylesheets are not on the page.
      await page.goto(`${site.system.url}/account-settings`);
      await page.getByTestId('settings-tab-integrations').click();
      // The store has never synced, so Sync Orders asks first.
      for (const [opener, dialog] of [
        ['integration-disconnect', 'disconnect-modal'],
        ['integration-sync', 'first-sync-modal'],
      ] as const) {
        await page.getByTestId(opener).click();
        await page.getByTestId(dialog).waitFor();
        // Over the page: a backdrop fixed to the whole window, the dialog inside the first screen.
        const backdrop = await page.getByTestId(dialog).evaluate((box) => {
          const { position, inset } = getComputedStyle(box.parentElement!);
          return { position, inset, top: box.getBoundingClientRect().top };
        });
        expect(backdrop).toMatchObject({ position: 'fixed', inset: '0px' });
        expect(backdrop.top).toBeLessThan(800 / 2);
        await page.getByTestId(`${dialog}-close`).click();
        await page.getByTestId(dialog).waitFor({ state: 'detached' });
      }
    }
    await context.close();
  });
});
