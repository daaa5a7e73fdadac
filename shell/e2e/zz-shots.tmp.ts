import {
  buyerStorage,
  createBuyer,
  createSeller,
  launchChromium,
  newPage,
  seedLocalStorage,
  sellerStorage,
  startComposedSystem,
} from './support.js';

const system = await startComposedSystem();
const browser = await launchChromium();
try {
  const shot = async (
    name: string,
    path: string,
    storage: Record<string, string> = {},
    act?: (page: import('playwright-core').Page) => Promise<void>,
    session: Record<string, string> = {},
  ) => {
    const { context, page } = await newPage(browser);
    await seedLocalStorage(context, storage);
    await context.addInitScript((values: Record<string, string>) => {
      for (const [k, v] of Object.entries(values)) sessionStorage.setItem(k, v);
    }, session);
    await page.goto(`${system.url}${path}`);
    await page.waitForTimeout(1500);
    if (act) await act(page);
    await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
    await context.close();
  };
  const fresh = await createSeller(system, { onboarded: false, displayName: 'Sam Seller' });
  const done = await createSeller(system, { onboarded: true, displayName: 'Olive' });
  const buyer = await createBuyer(system);
  await shot('login', '/login', {}, async (p) => {
    await p.getByTestId('auth-email').fill('nope');
    await p.getByTestId('auth-submit').click();
  });
  await shot('register-buyer', '/register', {}, async (p) => {
    await p.getByTestId('account-customer').click();
  });
  await shot('verify', '/verify', {}, async (p) => {
    await p.getByTestId('verify-code').fill('12a3');
  }, { pendingVerification: 'sam@shop.test', pendingVerificationAccount: 'merchant' });
  await shot('trial-agreement', '/trial-agreement', sellerStorage(fresh));
  await shot('account-settings', '/account-settings', sellerStorage(done), async (p) => {
    await p.getByTestId('settings-tab-email').click();
  });
  await shot('customer-dashboard', '/customer-dashboard', buyerStorage(buyer), async (p) => {
    await p.getByTestId('edit-profile').click();
  });
  await shot('onboarding', '/onboarding', sellerStorage(done), async (p) => {
    await p.getByTestId('onboarding-terms').check();
    await p.getByTestId('onboarding-continue').click();
  });
} finally {
  await browser.close();
  await system.stop();
}
