import { describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  newPage,
  pathOf,
  seedLocalStorage,
  sellerStorage,
  waitForText,
} from './support.js';

// svc-billing's test-only trial length: long enough to import during the trial, short enough to
// watch it end.
const TRIAL_SECONDS = 6;
const site = composedSiteForFile({ TRIAL_SECONDS_FOR_TESTS: String(TRIAL_SECONDS) });

const csv =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl\r\n' +
  'BILL-1001,Ann,Lee,ann@buyer.test,SW1A 1AA,pending,,,\r\n';

// The visitor's test shares nothing with the seller's, so it runs beside it (`describe.concurrent`,
// issue 37) instead of after it.
describe.concurrent('billing: the end of the trial, subscribing and cancelling', () => {
  it('sends a seller whose trial ended to pricing, subscribes through checkout, and closes the workspace again when they cancel', async ({
    expect,
  }) => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Tia Trial' });
    const trialStarted = Date.now();
    await importThroughApi(site.system, seller, csv);
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));

    // During the trial the workspace is open and says how long is left.
    await page.goto(`${site.system.url}/dashboard`);
    await page.getByTestId('tracking-row').first().waitFor();
    await page.getByTestId('header-billing-state').waitFor();

    // The trial ends: the server refuses the workspace and the screen goes to pricing.
    const left = trialStarted + TRIAL_SECONDS * 1000 + 500 - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    const refused = await fetch(`${site.system.url}/api/upload/summary`, {
      headers: { Authorization: `Bearer ${seller.token}` },
    });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ reason: 'trial_expired' });
    await page.goto(`${site.system.url}/dashboard`);
    await waitForText(
      page,
      'pricing-reason-banner',
      'Your free trial has expired. Please subscribe to continue using ONVELOPE.',
    );
    const pricing = new URL(page.url());
    expect(pricing.pathname).toBe('/pricing');
    expect(pricing.searchParams.get('reason')).toBe('trial_expired');
    // Signed in: no Login, Sign Up or free trial to start, and ways back to the dashboard.
    const header = page.getByTestId('public-header');
    await expect(header.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
    await expect(header.getByRole('link', { name: 'Sign Up' }).count()).resolves.toBe(0);
    await expect(
      header.getByRole('link', { name: 'Dashboard' }).getAttribute('href'),
    ).resolves.toBe('/dashboard');
    await expect(page.getByTestId('pricing-lead').textContent()).resolves.not.toContain(
      'free trial',
    );
    await expect(page.getByTestId('pricing-back-link').textContent()).resolves.toBe(
      'Back to dashboard',
    );
    await expect(page.getByTestId('pricing-back-link').getAttribute('href')).resolves.toBe(
      '/dashboard',
    );
    await waitForText(page, 'pricing-plan-pro_monthly', '£8.99');
    await waitForText(page, 'pricing-plan-pro_yearly', '£89.99');
    await waitForText(page, 'pricing-saving', '£17.89');

    // The closed workspace keeps the seller's data reachable: reports, export and clearing.
    await page.getByTestId('pricing-your-data').click();
    await page.getByTestId('your-data-page').waitFor();
    await waitForText(page, 'your-data-closed', 'Your free trial has expired.');
    await page.getByTestId('your-data-reports').click();
    await page.getByTestId('report-search').click();
    await page.getByTestId('report-row').first().waitFor();
    await expect(
      page.getByTestId('report-row').first().getAttribute('data-order-number'),
    ).resolves.toBe('BILL-1001');
    const [exported] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('export-csv').click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/\.csv$/);
    expect(pathOf(page)).toBe('/your-data');
    await page.goto(`${site.system.url}/pricing?reason=trial_expired`);

    // Checkout: the consent given at onboarding is on file, so the seller goes straight to pay.
    await page.getByTestId('pricing-subscribe-pro_monthly').click();
    await page.getByTestId('local-checkout-pay').waitFor();
    expect(pathOf(page)).toMatch(/^\/api\/payments\/local-checkout\/cs_/);
    // The dashboard drops ?subscription=success as soon as the payment shows, which can be before
    // a look at the address bar: every address the page passes through is kept instead.
    const visited: URL[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()));
    });
    await page.getByTestId('local-checkout-pay').click();

    // The signed webhooks landed: the dashboard says so and the workspace answers again.
    await page.getByTestId('subscription-success-notice').waitFor({ timeout: 30_000 });
    expect(
      visited.some(
        (url) =>
          url.pathname === '/dashboard' && url.searchParams.get('subscription') === 'success',
      ),
    ).toBe(true);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('subscription'), { timeout: 30_000 })
      .toBeNull();
    await page.getByTestId('tracking-row').first().waitFor({ timeout: 30_000 });
    const reopened = await fetch(`${site.system.url}/api/upload/summary`, {
      headers: { Authorization: `Bearer ${seller.token}` },
    });
    expect(reopened.status).toBe(200);

    // Account settings show the plan by name; Manage billing opens the (local) customer portal,
    // which describes the subscription as the settings do: the same status and date, not Stripe's.
    await page.goto(`${site.system.url}/account-settings`);
    await waitForText(page, 'billing-plan-name', 'Pro Monthly');
    const status = await page.getByTestId('billing-status').textContent();
    const nextPayment = await page.getByTestId('billing-period-end').textContent();
    expect(status).toBe('Active');
    await page.getByTestId('manage-billing').click();
    await page.getByTestId('local-portal-cancel').waitFor();
    await expect(page.getByTestId('local-portal-state').textContent()).resolves.toBe(
      `Pro Monthly: ${status} — next payment on ${nextPayment}`,
    );
    await page.getByTestId('local-portal-cancel').click();

    // Back in account settings, the outcome is confirmed once: the trial is over, so the workspace
    // is closed, and the seller's data stays reachable.
    await waitForText(
      page,
      'billing-cancelled-notice',
      'Your subscription is cancelled and your workspace is now closed. Your data stays in Your data.',
    );
    expect(
      visited.some(
        (url) =>
          url.pathname === '/account-settings' && url.searchParams.get('billing') === 'cancelled',
      ),
    ).toBe(true);
    await expect.poll(() => pathOf(page)).toBe('/account-settings');
    await expect(page.getByTestId('billing-your-data-link').getAttribute('href')).resolves.toBe(
      '/your-data',
    );
    await waitForText(page, 'billing-status', 'Cancelled');
    await page.reload();
    await waitForText(page, 'billing-status', 'Cancelled');
    await expect(page.getByTestId('billing-cancelled-notice').count()).resolves.toBe(0);

    // Cancelled after the trial: the workspace closes with the cancelled banner.
    await page.goto(`${site.system.url}/dashboard`);
    await waitForText(
      page,
      'pricing-reason-banner',
      'Subscription cancelled. You can restart anytime.',
    );
    expect(new URL(page.url()).searchParams.get('reason')).toBe('subscription_cancelled');

    // A seller whose workspace is closed can still sign out, from the header.
    await page.getByTestId('header-sign-out').click();
    await page.getByTestId('landing-page').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBeNull();
    await page.getByTestId('public-header').getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('sends a visitor who starts checkout to sign in, with the pricing page to come back to', async () => {
    const { context, page } = await newPage(site.browser);
    await page.goto(`${site.system.url}/pricing?reason=subscription_required`);
    await waitForText(
      page,
      'pricing-reason-banner',
      'A subscription is required to access this feature.',
    );
    await expect(page.getByTestId('pricing-lead').textContent()).resolves.toContain(
      'Start with a 7-day free trial',
    );
    await expect(page.getByTestId('pricing-back-link').getAttribute('href')).resolves.toBe('/');
    await page.getByTestId('pricing-subscribe-pro_yearly').click();
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('return')).toBe(
      '/pricing?reason=subscription_required',
    );
    await context.close();
  });
});
