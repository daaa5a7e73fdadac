import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  buyerStorage,
  createBuyer,
  createSeller,
  newPage,
  pathOf,
  seedLocalStorage,
  sellerStorage,
  composedSiteForFile,
  importThroughApi,
  postJson,
  uniqueEmail,
  type ApiAccount,
  waitForText,
} from './support.js';

// Each test makes its own seller, orders and buyer (unique addresses), so the tests run side by side
// (`describe.concurrent`, issue 37), each with `expect` from its context.
const site = composedSiteForFile();

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl,items';

/** A seller with the given orders (CSV rows after the header) imported through the gateway. */
async function sellerWithOrders(rows: string[], head = header): Promise<ApiAccount> {
  const seller = await createSeller(site.system, { onboarded: true, displayName: 'Sally Seller' });
  await importThroughApi(site.system, seller, [head, ...rows].join('\r\n') + '\r\n');
  return seller;
}

/** The buyer's claimed order count as their profile answers it (svc-auth asks svc-orders). */
async function profileOrderCount(buyer: ApiAccount): Promise<unknown> {
  const response = await fetch(`${site.system.url}/api/customer-auth/profile`, {
    headers: { Authorization: `Bearer ${buyer.token}` },
  });
  return ((await response.json()) as { customer: { orderCount: unknown } }).customer.orderCount;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

describe.concurrent('buyers', () => {
  it('a buyer asks about an order, the seller reads and answers it, and the buyer resolves it in the portal', async ({
    expect,
  }) => {
    const buyerEmail = uniqueEmail('asker');
    // The seller and the order are made while the visitor meets the form's own messages, which no
    // order changes; the lookups wait for them.
    const sellerMade = sellerWithOrders(
      [`BUY-1001,Bea,Buyer,${buyerEmail},SW1A 1AA,pending,,,,product_name: Blue Mug,24.5,USD`],
      `${header},itemTotal,currency`,
    );
    // Awaited below, which throws its failure; this only keeps it from going unhandled meanwhile.
    sellerMade.catch(() => undefined);

    // The public page: the lookup form and its messages, then the order.
    const visitor = await newPage(site.browser);
    const page = visitor.page;
    await page.goto(`${site.system.url}/track`);
    await page.getByTestId('track-submit').click();
    await expect(text(page, 'track-error')).resolves.toBe('Please fill in all fields');
    // The message follows the fields: it stays while one is blank and goes once all are filled.
    await page.getByTestId('track-email').fill(buyerEmail);
    await page.getByTestId('track-postcode').fill('E1 6AN');
    await expect(text(page, 'track-error')).resolves.toBe('Please fill in all fields');
    await page.getByTestId('track-order-number').fill('BUY-1001');
    await page.getByTestId('track-error').waitFor({ state: 'detached' });
    const seller = await sellerMade;
    await page.getByTestId('track-submit').click();
    await waitForText(page, 'track-error', 'Order not found');
    await page.getByTestId('track-postcode').fill(' sw1a 1aa ');
    await page.getByTestId('track-submit').click();
    await page.getByTestId('track-result').waitFor();
    await expect(text(page, 'order-number')).resolves.toBe('Order BUY-1001');
    await expect(text(page, 'order-items')).resolves.toBe('Blue Mug');
    // Issue 38 item 4: the buyer reads the order's amount in the currency it was paid in.
    await expect(text(page, 'order-total')).resolves.toBe('$24.50');
    await expect(text(page, 'order-status')).resolves.toBe('Pending');
    await expect(text(page, 'order-seller')).resolves.toContain('Sally Seller');
    await expect(
      page.getByTestId('timeline-step').first().getAttribute('data-state'),
    ).resolves.toBe('current');

    // The query form: both fields required, the counters, the limits.
    await page.getByTestId('query-send').click();
    await expect(text(page, 'query-error')).resolves.toBe(
      'Please fill in both subject and message fields.',
    );
    await page.getByTestId('query-subject').fill('x'.repeat(70));
    await expect(text(page, 'query-subject-count')).resolves.toBe('60/60');
    await expect(text(page, 'query-error')).resolves.toBe(
      'Please fill in both subject and message fields.',
    );
    await page.getByTestId('query-subject').fill('Where is my mug?');
    await expect(text(page, 'query-subject-count')).resolves.toBe('16/60');
    const message = `It has been a week since I ordered. ${'Could you tell me when it ships? '.repeat(4)}`;
    await page.getByTestId('query-message').fill(message);
    await expect(text(page, 'query-message-count')).resolves.toBe(`${message.length}/500`);
    await page.getByTestId('query-error').waitFor({ state: 'detached' });
    await page.getByTestId('query-send').click();
    await waitForText(page, 'query-sent', 'Query sent successfully!');
    // The form is emptied for a next query, which is not a mistake to point out.
    await expect(page.getByTestId('query-subject').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('query-error').count()).resolves.toBe(0);
    await visitor.context.close();
    // The buyer signs up with the order's address while the seller reads the query (the code's mail
    // is in before the reply is sent, so the reply's mail is the next one).
    const signedUp = createBuyer(site.system, { email: buyerEmail, firstName: 'Bea' });
    signedUp.catch(() => undefined);

    // The seller: one unread query; opening it marks it In Review.
    const desk = await newPage(site.browser);
    await seedLocalStorage(desk.context, sellerStorage(seller));
    const sellerPage = desk.page;
    await sellerPage.goto(`${site.system.url}/dashboard`);
    await waitForText(sellerPage, 'unread-queries-badge', '1');
    await sellerPage.getByTestId('open-queries').click();
    const item = sellerPage.getByTestId('query-item');
    await item.waitFor();
    await expect(item.getByTestId('query-preview').textContent()).resolves.toBe(
      `${message.trim().slice(0, 100).trimEnd()}...`,
    );
    await expect(item.getByTestId('query-age').textContent()).resolves.toBe('Just now');
    await expect(item.textContent()).resolves.toContain('Pending');
    await item.click();
    await waitForText(sellerPage, 'query-status', 'In Review');
    await expect(text(sellerPage, 'query-order-items')).resolves.toBe('Blue Mug');
    await waitForText(sellerPage, 'unread-queries-badge', '0');

    // The reply: nothing to send while the box is blank.
    const send = sellerPage.getByTestId('reply-send');
    await expect(send.isDisabled()).resolves.toBe(true);
    await sellerPage.getByTestId('reply-input').fill('   ');
    await expect(send.isDisabled()).resolves.toBe(true);
    await sellerPage.getByTestId('reply-input').fill('It ships tomorrow with Royal Mail.');
    const buyer = await signedUp;
    const replied = new Date();
    await send.click();
    await waitForText(sellerPage, 'query-reply', 'It ships tomorrow with Royal Mail.');
    await desk.context.close();
    // svc-notify mails the reply to the address the buyer asked from.
    const replyMail = await site.system.mail.waitForMail(buyerEmail, {
      since: replied,
      timeoutMs: 20_000,
    });
    expect(replyMail.raw).toMatch(/^Subject: Re: Where is my mug\? \(order #BUY-1001\)\r?$/m);
    expect(replyMail.raw).toContain('It ships tomorrow with Royal Mail.');

    // The buyer finds the answer in the portal.
    const portal = await newPage(site.browser);
    await seedLocalStorage(portal.context, buyerStorage(buyer));
    const buyerPage = portal.page;
    await buyerPage.goto(`${site.system.url}/customer-dashboard`);
    await buyerPage.getByTestId('customer-profile').waitFor();
    await buyerPage.getByTestId('open-queries').click();
    await waitForText(buyerPage, 'customer-query-reply', 'It ships tomorrow with Royal Mail.');
    await expect(text(buyerPage, 'customer-query-status')).resolves.toBe('In Review');
    await buyerPage.getByTestId('resolve-query').click();
    await waitForText(buyerPage, 'toast-success', 'Query marked as resolved successfully!');
    // Resolved queries are hidden until the toggle is on.
    await buyerPage.getByTestId('customer-query').waitFor({ state: 'detached' });
    await buyerPage.getByTestId('show-resolved-queries').check();
    await waitForText(buyerPage, 'customer-query-status', 'resolved');
    await expect(buyerPage.getByTestId('resolve-query').count()).resolves.toBe(0);
    // spec 001 §9: the resolve notice goes after 3 s.
    await buyerPage.getByTestId('toast-success').waitFor({ state: 'detached', timeout: 6_000 });
    await portal.context.close();
  });

  it('lets the seller mark a query resolved from the inbox', async ({ expect }) => {
    const buyerEmail = uniqueEmail('closer');
    const seller = await sellerWithOrders([
      `BUY-2001,Cal,Buyer,${buyerEmail},SW1A 1AA,pending,,,,product_name: Tote`,
    ]);
    const profile = seller.profile as { accountId?: string; id?: string };
    await postJson(site.system, '/api/order-queries', {
      accountId: profile.accountId ?? profile.id,
      customerName: 'Cal Buyer',
      customerEmail: buyerEmail,
      orderNumber: 'BUY-2001',
      subject: 'Which size?',
      message: 'Is the tote the large one?',
    });
    const desk = await newPage(site.browser);
    await seedLocalStorage(desk.context, sellerStorage(seller));
    await desk.page.goto(`${site.system.url}/dashboard`);
    await desk.page.getByTestId('open-queries').click();
    await desk.page.getByTestId('query-item').click();
    await waitForText(desk.page, 'query-status', 'In Review');
    await desk.page.getByTestId('query-resolve').click();
    await waitForText(desk.page, 'query-status', 'resolved');
    await expect(desk.page.getByTestId('query-resolve').count()).resolves.toBe(0);
    await desk.context.close();
  });

  it('a buyer claims an order, renames it and unclaims it', async ({ expect }) => {
    const buyerEmail = uniqueEmail('claimer');
    const [, buyer] = await Promise.all([
      sellerWithOrders([`CLM-2001,Bea,Buyer,${buyerEmail},M1 1AE,processing,,,,Tea towel`]),
      createBuyer(site.system, { email: buyerEmail, firstName: 'Bea' }),
    ]);
    const { context, page } = await newPage(site.browser);
    await seedLocalStorage(context, buyerStorage(buyer));
    await page.goto(`${site.system.url}/customer-dashboard`);
    await page.getByTestId('claims-empty').waitFor();
    await waitForText(page, 'customer-order-count', '0 claimed orders');
    expect(buyer.profile.orderCount).toBe(0);

    await page.getByTestId('open-claim').click();
    await expect(page.getByTestId('claim-email').inputValue()).resolves.toBe(buyerEmail);
    await page.getByTestId('claim-order-number').fill('CLM-2001');
    await page.getByTestId('claim-submit').click();
    await expect(text(page, 'claim-error')).resolves.toBe('Please fill in all fields');
    await page.getByTestId('claim-postcode').fill('WRONG 1');
    await page.getByTestId('claim-error').waitFor({ state: 'detached' });
    await page.getByTestId('claim-submit').click();
    await page.getByTestId('claim-error').filter({ hasNotText: 'Please fill' }).waitFor();
    await page.getByTestId('claim-postcode').fill('m1 1ae');
    await page.getByTestId('claim-nickname').fill('Kitchen things');
    await page.getByTestId('claim-submit').click();

    const claim = page.getByTestId('claimed-order');
    await claim.waitFor();
    await expect(claim.getByTestId('claim-title').textContent()).resolves.toBe('Kitchen things');
    await expect(claim.getByTestId('order-status').textContent()).resolves.toBe('Processing');
    await waitForText(page, 'customer-order-count', '1 claimed order');
    await expect(profileOrderCount(buyer)).resolves.toBe(1);

    await claim.getByTestId('claim-edit').click();
    await page.getByTestId('edit-order-nickname').fill("Mum's present");
    await page.getByTestId('edit-order-notes').fill('Wrap it before Sunday');
    await page.getByTestId('edit-order-save').click();
    await waitForText(page, 'claim-title', "Mum's present");
    await expect(text(page, 'claim-notes')).resolves.toBe('Wrap it before Sunday');
    // The change is the service's, not only the screen's.
    await page.reload();
    await waitForText(page, 'claim-title', "Mum's present");

    await page.getByTestId('claim-unclaim').click();
    await page.getByTestId('unclaim-confirm').click();
    await waitForText(
      page,
      'toast-success',
      'Order unclaimed successfully! You can now re-claim it to get updated data.',
    );
    await page.getByTestId('claims-empty').waitFor();
    await waitForText(page, 'customer-order-count', '0 claimed orders');
    await expect(profileOrderCount(buyer)).resolves.toBe(0);
    await context.close();
  });

  it("opens an order from the seller's signed link and from a Quick Track address, and shows the form for a tampered link", async ({
    expect,
  }) => {
    const buyerEmail = uniqueEmail('linked');
    const seller = await sellerWithOrders([
      `LNK-3001,Lee,Linked,${buyerEmail},BS1 4DJ,shipped,Royal Mail,RM123456785GB,,Teapot`,
    ]);
    const desk = await newPage(site.browser);
    await desk.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: site.system.url,
    });
    await seedLocalStorage(desk.context, sellerStorage(seller));
    await desk.page.goto(`${site.system.url}/dashboard`);
    await desk.page.getByTestId('hide-shipped').uncheck();
    await desk.page.locator('[data-order-number="LNK-3001"]').click();
    await desk.page.getByTestId('copy-tracking-link').click();
    await waitForText(desk.page, 'toast-success', 'Tracking link copied to clipboard');
    const link = await desk.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/track\?link=/);
    await desk.context.close();

    const { context, page } = await newPage(site.browser);
    const linkUrl = new URL(link);
    await page.goto(`${site.system.url}${linkUrl.pathname}${linkUrl.search}`);
    await page.getByTestId('track-result').waitFor();
    await expect(text(page, 'order-number')).resolves.toBe('Order LNK-3001');
    await expect(text(page, 'order-status')).resolves.toBe('Shipped');

    const token = linkUrl.searchParams.get('link')!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await page.goto(`${site.system.url}/track?link=${encodeURIComponent(tampered)}`);
    await page.getByTestId('track-lookup-form').waitFor();
    await waitForText(page, 'track-notice', 'This tracking link could not be opened.');

    await page.goto(
      `${site.system.url}/track?order=LNK-3001&email=${encodeURIComponent(buyerEmail)}&postcode=bs1%204dj`,
    );
    await page.getByTestId('track-result').waitFor();
    expect(pathOf(page)).toContain('/track?order=LNK-3001');
    await expect(text(page, 'order-number')).resolves.toBe('Order LNK-3001');
    await context.close();
  });

  it("keeps the portal header's buttons on one line each, in two rows at most, at 390 px", async ({
    expect,
  }) => {
    const buyer = await createBuyer(site.system, {
      email: uniqueEmail('narrow'),
      firstName: 'Bea',
    });
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      await seedLocalStorage(context, buyerStorage(buyer));
      const page = await context.newPage();
      await page.goto(`${site.system.url}/customer-dashboard`);
      await page.getByTestId('open-queries-count').waitFor();
      const buttons = await page.locator('.cu-portal-header button').evaluateAll((elements) =>
        elements.map((button) => {
          // The lines its words take: one rectangle a line for each piece of text in it.
          const tops = new Set<number>();
          for (const node of button.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
          }
          return { top: Math.round(button.getBoundingClientRect().top), lines: tops.size };
        }),
      );
      expect(buttons.map((button) => button.lines)).toEqual([1, 1, 1]);
      expect(new Set(buttons.map((button) => button.top)).size).toBeLessThanOrEqual(2);
    } finally {
      await context.close();
    }
  });
});
