import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, pathOf, composedSiteForFile } from './support.js';

const site = composedSiteForFile();

/**
 * A page for which mf-customer is down: every connection to its files (`/mf/customer/...`, where
 * the registry sends the shell) is refused, as when nothing listens at a remote's address. The
 * shared system serves the remote to every other file, so it is down in these pages only.
 */
async function pageWithCustomerRemoteDown(browser: Browser) {
  const opened = await newPage(browser);
  await opened.page.route('**/mf/customer/**', (route) => route.abort('connectionrefused'));
  return opened;
}

// The tests only read the site, each in a browser context of its own, so the tests run side by side
// (`describe.concurrent`, issue 37).
describe.concurrent('one broken remote never takes the site down', () => {
  it('shows a message for the tracking area when mf-customer is down, inside the working header and footer', async () => {
    const { context, page } = await pageWithCustomerRemoteDown(site.browser);
    await page.goto(`${site.system.url}/track`);

    const failure = page.getByTestId('area-error');
    await failure.waitFor();
    await expect(failure.textContent()).resolves.toBe(
      'The tracking area could not be loaded. Please try again later.',
    );
    await page.getByTestId('public-header').waitFor();
    await page.getByTestId('public-footer').waitFor();
    await context.close();
  });

  it('keeps / working while mf-customer is down, also after visiting the broken area', async () => {
    const { context, page } = await pageWithCustomerRemoteDown(site.browser);
    await page.goto(`${site.system.url}/track`);
    await page.getByTestId('area-error').waitFor();

    await page.getByTestId('public-header').getByRole('link', { name: 'ONVELOPE' }).click();

    await page.getByTestId('landing-page').waitFor();
    expect(pathOf(page)).toBe('/');
    await context.close();
  });

  it('shows a message for the sign-in area when the mf-merchant entry throws, and / still works', async () => {
    const { context, page } = await newPage(site.browser);
    await page.route('**/mf/merchant/remoteEntry.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'throw new Error("mf-merchant failed while starting");',
      }),
    );
    await page.goto(`${site.system.url}/login`);

    await expect(page.getByTestId('area-error').textContent()).resolves.toBe(
      'The sign-in area could not be loaded. Please try again later.',
    );
    await page.goto(`${site.system.url}/`);
    await page.getByTestId('landing-page').waitFor();
    await context.close();
  });
});
