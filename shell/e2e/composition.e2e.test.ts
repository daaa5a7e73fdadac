import { describe, expect, it } from 'vitest';
import { decodeTokenPayload } from '@onvelope/ui';
import {
  createSeller,
  inSeconds,
  newPage,
  pathOf,
  recordRemoteFiles,
  seedLocalStorage,
  sellerStorage,
  composedSiteForFile,
  unsignedToken,
} from './support.js';

// Each test has its own browser context (and its own seller, when it needs one), so the tests run
// side by side (`describe.concurrent`, issue 37).
const site = composedSiteForFile();

// Only for a token that startup removes before asking svc-auth anything: a live session needs a
// token svc-auth signed (createSeller), since the profile check refuses any other.
const merchantSession = (exp: number) => ({
  authToken: unsignedToken({ userId: 'u-1', accountId: 'acc-42', role: 'merchant', exp }),
  userInfo: JSON.stringify({ id: 'u-1', role: 'merchant', name: 'Sam Seller' }),
  user: JSON.stringify({ email: 'sam@shop.test', onboardingCompleted: true }),
});

describe.concurrent('the shell composes the remotes at run time', () => {
  it('shows the landing page, header and footer from mf-marketing at /', async () => {
    const { context, page } = await newPage(site.browser);
    const remoteFiles = recordRemoteFiles(page);

    await page.goto(`${site.system.url}/`);

    await page.getByTestId('landing-page').waitFor();
    await page.getByTestId('public-header').waitFor();
    await page.getByTestId('public-footer').waitFor();
    expect(remoteFiles).toContain('/mf/marketing/mf-manifest.json');
    expect(
      remoteFiles.some((file) => /^\/mf\/marketing\/__federation_expose_LandingPage\./.test(file)),
    ).toBe(true);
    await context.close();
  });

  it('shows the tracking page from mf-customer at /track and asks for every field', async () => {
    const { context, page } = await newPage(site.browser);
    const remoteFiles = recordRemoteFiles(page);
    await page.goto(`${site.system.url}/track`);

    await page.getByTestId('track-page').waitFor();
    expect(
      remoteFiles.some((file) => /^\/mf\/customer\/__federation_expose_TrackPage\./.test(file)),
    ).toBe(true);
    await page.getByTestId('track-email').fill('ada@mail.test');
    await page.getByTestId('track-submit').click();

    await expect(page.getByTestId('track-error').textContent()).resolves.toBe(
      'Please fill in all fields',
    );
    await context.close();
  });

  it("fills the tracking form from the header's Quick Track", async () => {
    const { context, page } = await newPage(site.browser);
    await page.goto(`${site.system.url}/`);

    await page.getByTestId('quick-track-order').fill('1001');
    await page.getByTestId('quick-track-email').fill('ada@mail.test');
    await page.getByTestId('quick-track-postcode').fill('SW1A 1AA');
    await page.getByRole('button', { name: 'Quick Track' }).click();
    await page.getByTestId('track-page').waitFor();

    expect(pathOf(page)).toBe('/track?order=1001&email=ada%40mail.test&postcode=SW1A+1AA');
    await expect(page.getByTestId('track-order-number').inputValue()).resolves.toBe('1001');
    await expect(page.getByTestId('track-email').inputValue()).resolves.toBe('ada@mail.test');
    await expect(page.getByTestId('track-postcode').inputValue()).resolves.toBe('SW1A 1AA');
    await context.close();
  });
});

describe.concurrent('routes and guards', () => {
  it('redirects /dashboard to /login without a token', async () => {
    const { context, page } = await newPage(site.browser);
    await page.goto(`${site.system.url}/dashboard`);

    await page.getByTestId('login-page').waitFor();
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('shows the dashboard from mf-merchant to a merchant with a live token, and Logout ends the session', async () => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Sam Seller' });
    const { context, page } = await newPage(site.browser);
    const remoteFiles = recordRemoteFiles(page);
    await seedLocalStorage(context, sellerStorage(seller));
    await page.goto(`${site.system.url}/dashboard`);

    await page.getByTestId('dashboard-page').waitFor();
    expect(
      remoteFiles.some((file) => /^\/mf\/merchant\/__federation_expose_DashboardPage\./.test(file)),
    ).toBe(true);
    await expect(page.getByTestId('dashboard-user-name').textContent()).resolves.toBe('Sam Seller');
    await expect(page.getByTestId('dashboard-user-role').textContent()).resolves.toBe('MERCHANT');
    await expect(page.getByTestId('dashboard-account-id').textContent()).resolves.toContain(
      decodeTokenPayload(seller.token)!.accountId!,
    );

    await page.getByTestId('logout-button').click();
    await page.getByTestId('login-page').waitFor();
    expect(pathOf(page)).toBe('/login');
    await expect(page.evaluate(() => localStorage.getItem('authToken'))).resolves.toBeNull();
    await context.close();
  });

  it('sends a signed-in merchant from /login to /dashboard', async () => {
    const seller = await createSeller(site.system, { onboarded: true });
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, sellerStorage(seller));
    await page.goto(`${site.system.url}/login`);

    await page.getByTestId('dashboard-page').waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    await context.close();
  });

  it('removes an expired token at startup and sends /dashboard to /login', async () => {
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, merchantSession(inSeconds(-60)));
    await page.goto(`${site.system.url}/dashboard`);

    await page.getByTestId('login-page').waitFor();
    expect(pathOf(page)).toBe('/login');
    await expect(
      page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('userInfo')]),
    ).resolves.toEqual([null, null]);
    await context.close();
  });

  it('sends a merchant whose onboarding is incomplete from /dashboard to /trial-agreement', async () => {
    const seller = await createSeller(site.system, { onboarded: false });
    const { context, page } = await newPage(site.browser);
    // The stored user says nothing about onboarding: the startup profile check must tell.
    await seedLocalStorage(context, { authToken: seller.token });
    await page.goto(`${site.system.url}/dashboard`);

    await page.getByTestId('trial-agreement-page').waitFor();
    expect(pathOf(page)).toBe('/trial-agreement');
    await context.close();
  });

  it('redirects an unknown path to /', async () => {
    const { context, page } = await newPage(site.browser);
    await page.goto(`${site.system.url}/no/such/page`);

    await page.getByTestId('landing-page').waitFor();
    expect(pathOf(page)).toBe('/');
    await context.close();
  });

  it('redirects /customer-login to /login and /customer-register to /register as a buyer', async () => {
    const { context, page } = await newPage(site.browser);
    const remoteFiles = recordRemoteFiles(page);
    await page.goto(`${site.system.url}/customer-login`);
    await page.getByTestId('login-page').waitFor();
    expect(pathOf(page)).toBe('/login?account=customer');
    expect(await page.getByTestId('account-customer').getAttribute('aria-selected')).toBe('true');

    await page.goto(`${site.system.url}/customer-register`);
    await page.getByTestId('register-page').waitFor();
    expect(pathOf(page)).toBe('/register?account=customer');
    expect(await page.getByTestId('account-customer').getAttribute('aria-selected')).toBe('true');
    // A buyer's screens come from mf-customer: the seller's remote is never fetched.
    expect(
      remoteFiles.some((file) => /^\/mf\/customer\/__federation_expose_AuthPage\./.test(file)),
    ).toBe(true);
    expect(remoteFiles.filter((file) => file.startsWith('/mf/merchant/'))).toEqual([]);
    await context.close();
  });

  it("serves a buyer's /verify from mf-customer and a seller's from mf-merchant", async () => {
    const { context, page } = await newPage(site.browser);
    const remoteFiles = recordRemoteFiles(page);
    await context.addInitScript(() => {
      sessionStorage.setItem('pendingVerification', 'bea@mail.test');
      sessionStorage.setItem('pendingVerificationAccount', 'customer');
    });
    await page.goto(`${site.system.url}/verify`);
    await expect(page.getByTestId('verify-email').textContent()).resolves.toBe('bea@mail.test');
    expect(remoteFiles.filter((file) => file.startsWith('/mf/merchant/'))).toEqual([]);
    // Back to Registration keeps the buyer a buyer.
    await page.getByTestId('verify-back').click();
    await page.getByTestId('register-page').waitFor();
    expect(pathOf(page)).toBe('/register?account=customer');
    expect(remoteFiles.filter((file) => file.startsWith('/mf/merchant/'))).toEqual([]);

    // Choosing Seller swaps in the seller's screen from mf-merchant.
    await page.getByTestId('account-merchant').click();
    await page.getByTestId('trial-panel').waitFor();
    expect(pathOf(page)).toBe('/register');
    expect(
      remoteFiles.some((file) => /^\/mf\/merchant\/__federation_expose_AuthPage\./.test(file)),
    ).toBe(true);
    await context.close();
  });
});

describe.concurrent('startup and failure screens', () => {
  it('shows the loading screen while startup waits for the remote registry', async () => {
    const { context, page } = await newPage(site.browser);
    let releaseRegistry = () => {};
    const registryHeld = new Promise<void>((resolve) => (releaseRegistry = resolve));
    await page.route('**/remotes.json', async (route) => {
      await registryHeld;
      await route.continue();
    });
    await page.goto(`${site.system.url}/`);

    await page.getByTestId('loading-screen').waitFor();
    releaseRegistry();
    await page.getByTestId('landing-page').waitFor();
    await expect(page.getByTestId('loading-screen').count()).resolves.toBe(0);
    await context.close();
  });

  it("shows 'Something went wrong.' with Reload Page when rendering fails", async () => {
    const { context, page } = await newPage(site.browser);
    // Browsers that block site data throw on every storage access, which the session code needs.
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.goto(`${site.system.url}/`);

    const screen = page.getByTestId('error-screen');
    await screen.waitFor();
    await expect(screen.getByRole('heading').textContent()).resolves.toBe('Something went wrong.');
    await expect(screen.getByRole('button', { name: 'Reload Page' }).isVisible()).resolves.toBe(
      true,
    );
    await context.close();
  });

  it('shows a critical message when the page has no root element', async () => {
    const { context, page } = await newPage(site.browser);
    await page.route(`${site.system.url}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<div id="root"></div>', '');
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${site.system.url}/`);

    await expect(page.getByTestId('critical-error').textContent()).resolves.toContain(
      'Critical error: ONVELOPE cannot start because the page has no root element',
    );
    await context.close();
  });
});
