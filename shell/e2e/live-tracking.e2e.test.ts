import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trackingCodeLiving } from '@onvelope/tracking-sim';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  newPage,
  postJson,
  seedLocalStorage,
  sellerStorage,
  type ApiAccount,
} from './support.js';

/**
 * Live tracking in the browser (issue 33): the composed system with the EasyPost simulator that
 * `npm start` runs, its parcels moving a checkpoint every 300 ms.
 */
const site = composedSiteForFile({ TRACKING_SIM_STEP_MS: '300' });

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl';

async function dashboardOf(seller: ApiAccount, width = 1280) {
  const context = await site.browser.newContext({ viewport: { width, height: 900 } });
  await seedLocalStorage(context, sellerStorage(seller));
  const page = await context.newPage();
  await page.goto(`${site.system.url}/dashboard`);
  await page.getByTestId('dashboard-page').waitFor();
  return { context, page };
}

/** Reloads until the headline says what is awaited (the page shows the order as it is now). */
async function reloadUntil(page: Page, headline: RegExp, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const shown = page.getByTestId('shipment-headline');
    if (await shown.isVisible()) {
      if (headline.test((await shown.textContent()) ?? '')) return;
    }
    if (Date.now() > until) throw new Error(`the page never said ${headline}`);
    await page.waitForTimeout(500);
    await page.reload();
    await page.getByTestId('track-result').waitFor();
  }
}

// Each test makes its own seller and parcels, so the tests run side by side (`describe.concurrent`,
// issue 37).
describe.concurrent('live shipment tracking', () => {
  it('ships an order from the dashboard and the buyer page reaches Delivered with its carrier timeline', async () => {
    const seller = await createSeller(site.system, {
      onboarded: true,
      displayName: 'Tia Tracking',
    });
    await importThroughApi(
      site.system,
      seller,
      `${header}\r\nLIVE-1,Ann,Lee,ann.live@example.com,SW1A 1AA,pending,,,\r\n`,
    );
    const code = trackingCodeLiving('delivered', 'LV');

    const { context, page } = await dashboardOf(seller);
    try {
      await page.locator('[data-testid="tracking-row"][data-order-number="LIVE-1"]').waitFor();
      await page
        .locator('[data-testid="tracking-row"][data-order-number="LIVE-1"]')
        .getByTestId('ship-button')
        .click();
      await page.getByTestId('ship-tracking-number').fill(code);
      await page.getByTestId('ship-courier').fill('USPS');
      await page.getByTestId('ship-submit').click();
      await page.getByTestId('ship-dialog').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }

    const { trackingLink } = await postJson<{ trackingLink: string }>(
      site.system,
      '/api/customer/lookup',
      { email: 'ann.live@example.com', postcode: 'SW1A 1AA', orderNumber: 'LIVE-1' },
    );
    const buyer = await newPage(site.browser);
    try {
      await buyer.page.goto(trackingLink);
      await buyer.page.getByTestId('track-result').waitFor();
      await reloadUntil(buyer.page, /^Delivered/);

      const checkpoints = buyer.page.getByTestId('shipment-checkpoint');
      expect(await checkpoints.count()).toBeGreaterThanOrEqual(4);
      expect(await checkpoints.first().textContent()).toMatch(/Delivered/);
      expect(await buyer.page.getByTestId('shipment-estimate').count()).toBe(0);
      expect(
        await buyer.page
          .getByTestId('order-timeline')
          .locator('[data-state="current"]')
          .textContent(),
      ).toMatch(/Delivered/);
      await buyer.page.screenshot({ path: '/tmp/live-tracking-1280.png', fullPage: true });
      await buyer.page.setViewportSize({ width: 390, height: 844 });
      await buyer.page.screenshot({ path: '/tmp/live-tracking-390.png', fullPage: true });
    } finally {
      await buyer.context.close();
    }
  });

  it('counts the shipments that need attention on the dashboard, filters them and opens one', async ({
    expect,
  }) => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Nia Needs' });
    await importThroughApi(
      site.system,
      seller,
      [
        header,
        'ATT-1,Ann,Lee,ann.att@example.com,SW1A 1AA,shipped,USPS,EZ5000000005,',
        'ATT-2,Bob,Ray,bob.att@example.com,SW1A 2AA,shipped,USPS,EZ6000000006,',
        'ATT-3,Cy,Day,cy.att@example.com,SW1A 3AA,shipped,USPS,EZ4000000004,',
      ].join('\r\n') + '\r\n',
    );

    const { context, page } = await dashboardOf(seller);
    try {
      const returned = page.getByTestId('needs-attention-reason-returned');
      const until = Date.now() + 30_000;
      while (!/1$/.test(((await returned.textContent()) ?? '').trim())) {
        if (Date.now() > until) throw new Error('the returned parcel was never counted');
        await page.waitForTimeout(500);
        await page.reload();
        await page.getByTestId('needs-attention').waitFor();
      }
      await expect
        .poll(async () => page.getByTestId('needs-attention-reason-exception').textContent())
        .toMatch(/1$/);

      await returned.click();
      await expect.poll(() => page.getByTestId('needs-attention-entry').count()).toBe(1);
      await page.getByTestId('needs-attention-entry').click();
      await page.getByTestId('order-details').waitFor();
      expect(await page.getByTestId('order-details-number').textContent()).toBe('Order ATT-1');
      expect(await page.getByTestId('shipment-headline').textContent()).toBe('Returned to sender');
      await page.screenshot({ path: '/tmp/needs-attention-1280.png', fullPage: true });
      await page.keyboard.press('Escape');

      await page.getByTestId('needs-attention-refresh').click();
      await page.getByText(/Asked the carriers? about \d+ shipments?/).waitFor();
    } finally {
      await context.close();
    }
  });

  it("shows a buyer the seller's own delivery estimate, set in account settings, while the carrier gives none", async () => {
    const seller = await createSeller(site.system, {
      onboarded: true,
      displayName: 'Eda Estimate',
    });
    await importThroughApi(
      site.system,
      seller,
      `${header}\r\nEST-1,Ann,Lee,ann.estimate@example.com,SW1A 1AA,processing,,,\r\n`,
    );
    const lookUp = () =>
      postJson<{ trackingLink: string; order: { estimate: { date: string; by: string } } }>(
        site.system,
        '/api/customer/lookup',
        { email: 'ann.estimate@example.com', postcode: 'SW1A 1AA', orderNumber: 'EST-1' },
      );
    const before = await lookUp();
    expect(before.order.estimate.by).toBe('seller');

    const { context, page } = await dashboardOf(seller);
    try {
      await page.goto(`${site.system.url}/account-settings`);
      await page.getByTestId('settings-tab-delivery').click();
      await page.getByTestId('delivery-estimates-form').waitFor();
      await page.getByTestId('estimate-processing-days').fill('3');
      await page.getByTestId('estimate-international-days').fill('x');
      await page.getByTestId('estimate-save').click();
      await page.getByText('Enter a whole number of days from 0 to 90').waitFor();
      await page.getByTestId('estimate-international-days').fill('20');
      await page.getByTestId('estimate-add-lane').click();
      await page.getByTestId('estimate-lane-country-0').selectOption('US');
      await page.getByTestId('estimate-lane-carrier-0').fill('USPS');
      await page.getByTestId('estimate-lane-days-0').fill('5');
      await page.getByTestId('estimate-save').click();
      expect(await page.getByTestId('settings-success').textContent()).toBe(
        'Delivery estimates saved',
      );
      await page.screenshot({ path: '/tmp/delivery-estimates-1280.png', fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: '/tmp/delivery-estimates-390.png', fullPage: true });
    } finally {
      await context.close();
    }

    const after = await lookUp();
    expect(after.order.estimate.by).toBe('seller');
    expect(after.order.estimate.date > before.order.estimate.date).toBe(true);
    const buyer = await newPage(site.browser);
    try {
      await buyer.page.goto(after.trackingLink);
      await buyer.page.getByTestId('track-result').waitFor();
      const shown = buyer.page.getByTestId('shipment-estimate');
      expect(await shown.getAttribute('data-by')).toBe('seller');
      expect(await shown.textContent()).toMatch(
        /^Estimated delivery: \w{3}, \w{3} \d{1,2}, \d{4} \(the seller's estimate\)$/,
      );
      const [year, month, day] = after.order.estimate.date.split('-').map(Number);
      expect(await shown.textContent()).toContain(
        new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', {
          timeZone: 'UTC',
          month: 'short',
          day: 'numeric',
          year: 'numeric',
        }),
      );
    } finally {
      await buyer.context.close();
    }
  });
});
