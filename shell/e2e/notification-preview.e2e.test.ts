import { describe, expect, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  seedLocalStorage,
  sellerStorage,
  uniqueEmail,
} from './support.js';

/**
 * The NOTIFICATIONS tab's message preview and suppressed addresses as the browser shows them
 * (issue 34). The site's CSP (`style-src 'self'`) reaches a `srcdoc` frame, and every style of an
 * e-mail is inline, so the preview is a page of its own: a signed, short-lived address on
 * svc-notify with a policy for the message alone, passed through by the gateway. A suppression is
 * lifted from the same tab; a buyer's own unsubscribe only once the seller confirms they asked.
 */
const site = composedSiteForFile();

const accent = '#aa3300';
const accentRgb = 'rgb(170, 51, 0)';

// Each test makes its own seller, so the tests run side by side (`describe.concurrent`, issue 37).
describe.concurrent('notification preview', () => {
  it('shows the message in the seller’s look, with no style blocked, at 1280 and 390 px', async () => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Pia Prints' });
    const saved = await fetch(`${site.system.url}/api/notify/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accentColor: accent, senderName: 'Pia Prints' }),
    });
    expect(saved.status).toBe(200);

    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await seedLocalStorage(context, sellerStorage(seller));
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    try {
      await page.goto(`${site.system.url}/account-settings`);
      await page.getByTestId('settings-tab-notifications').click();
      await page.getByTestId('notify-preview-shipped').click();
      const frame = page.getByTestId('notify-preview-frame');
      await frame.waitFor();
      const button = page
        .frameLocator('[data-testid="notify-preview-frame"]')
        .getByText('Track your order');
      await button.waitFor();

      // Shot first, so a failure below still leaves what the seller saw.
      await frame.scrollIntoViewIfNeeded();
      await frame.screenshot({ path: '/tmp/n-preview-1280.png' });
      // The button is a link around the words' own span.
      const colourAt1280 = await button.evaluate(
        (element) => getComputedStyle(element.closest('a') ?? element).backgroundColor,
      );
      await page.setViewportSize({ width: 390, height: 844 });
      await frame.scrollIntoViewIfNeeded();
      await frame.screenshot({ path: '/tmp/n-preview-390.png' });

      // The e-mail's inline styles apply: the button wears the seller's accent colour.
      expect(colourAt1280).toBe(accentRgb);
      expect(blocked, 'no style or script refused by a Content-Security-Policy').toEqual([]);
      // The frame still runs nothing and reaches nothing of the page.
      expect(await frame.getAttribute('sandbox')).toBe('');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        'nothing is wider than the 390 px screen',
      ).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});

/** The unsubscribe path of a mail, from its List-Unsubscribe header (unfolded). */
const unsubscribePathOf = (raw: string) => {
  const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const url = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)?.[1];
  if (!url) throw new Error('no List-Unsubscribe in the mail');
  return new URL(url).pathname;
};

describe.concurrent('suppressed addresses', () => {
  it('lifts a buyer’s own unsubscribe only after the seller confirms the buyer asked, saying why', async ({
    expect,
  }) => {
    const seller = await createSeller(site.system, { onboarded: true, displayName: 'Lia Linen' });
    const buyerEmail = uniqueEmail('notify-lift');
    const shippedAt = new Date();
    await importThroughApi(
      site.system,
      seller,
      'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl\r\n' +
        `LIFT-1,Ann,Lee,${buyerEmail},SW1A 1AA,shipped,USPS,9400111899223197428490,\r\n`,
    );
    const mail = await site.system.mail.waitForMail(buyerEmail, {
      since: shippedAt,
      timeoutMs: 30_000,
    });
    // The buyer's one click, as their mail program sends it.
    const clicked = await fetch(`${site.system.url}${unsubscribePathOf(mail.raw)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);

    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    await seedLocalStorage(context, sellerStorage(seller));
    const page = await context.newPage();
    try {
      await page.goto(`${site.system.url}/account-settings`);
      await page.getByTestId('settings-tab-notifications').click();
      const item = page.locator(`[data-testid="notify-suppression"][data-email="${buyerEmail}"]`);
      await item.waitFor();
      expect(await item.textContent()).toContain('The buyer unsubscribed');

      await item.getByTestId('notify-lift').click();
      const confirm = item.getByTestId('notify-lift-confirm');
      expect(await confirm.textContent()).toContain(
        'Lift it only if they asked you to e-mail them again',
      );
      const submit = item.getByTestId('notify-lift-submit');
      expect(await submit.isDisabled(), 'not without the confirmation').toBe(true);
      await item.getByTestId('notify-lift-buyer-asked').check();
      await item.scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/n-lift-390.png' });
      await submit.click();

      await expect
        .poll(() => page.getByTestId('notify-lift-result').textContent())
        .toBe(`${buyerEmail} gets your messages again.`);
      expect(await item.count()).toBe(0);
      const list = await fetch(`${site.system.url}/api/notify/suppressions`, {
        headers: { authorization: `Bearer ${seller.token}` },
      });
      const { suppressions } = (await list.json()) as { suppressions: { email: string }[] };
      expect(suppressions.map((entry) => entry.email)).not.toContain(buyerEmail);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        'nothing is wider than the 390 px screen',
      ).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
