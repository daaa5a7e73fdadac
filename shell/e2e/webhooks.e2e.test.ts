import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  composedSiteForFile,
  createSeller,
  importThroughApi,
  seedLocalStorage,
  sellerStorage,
} from './support.js';

/**
 * Sellers' outgoing webhooks in the browser (issue 35): the WEBHOOKS tab of account settings adds
 * an endpoint on this machine, shows its secret, sends a test event and an order's event that a
 * receiver verifies with the `standardwebhooks` library, shows the delivery log and replays a
 * delivery; and with production's address rules on, a host name that resolves to 127.0.0.1 is
 * refused. Nothing is sent anywhere but 127.0.0.1.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A seller's endpoint on 127.0.0.1 that answers 200 and keeps what it was sent. */
function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  return {
    received,
    listening: new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const verify = (secret: string, { headers, body }: Received) =>
  new Webhook(secret).verify(body, {
    'webhook-id': String(headers['webhook-id']),
    'webhook-timestamp': String(headers['webhook-timestamp']),
    'webhook-signature': String(headers['webhook-signature']),
  }) as { type: string; data: { order?: { orderNumber: string } } };

const header =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl';

// The two describes run side by side (`describe.concurrent`, issue 37): the system with production's
// rules starts while the shared one serves the first test, instead of after it.
describe.concurrent('webhooks (development address rules)', () => {
  const site = composedSiteForFile();
  const receiver = startReceiver();
  afterAll(() => receiver.close());

  it('adds an endpoint, verifies its test event and an order event, and replays a delivery', async ({
    expect,
  }) => {
    const port = await receiver.listening;
    const seller = await createSeller(site.system, { onboarded: true });
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await seedLocalStorage(context, sellerStorage(seller));
      const page = await context.newPage();
      await page.goto(`${site.system.url}/account-settings`);
      await page.getByTestId('settings-tab-webhooks').click();
      await page.getByTestId('webhooks-empty').waitFor();

      // No event picked: refused in the contract's words before anything is sent.
      await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}/hooks`);
      await page.getByTestId('webhook-create').click();
      expect(await page.getByTestId('webhook-events-error').textContent()).toBe(
        'Pick at least one event',
      );

      await page.getByTestId('webhook-event-order.created').check();
      await page.getByTestId('webhook-event-order.shipped').check();
      await page.getByTestId('webhook-create').click();
      await page.getByTestId('webhook-endpoint').waitFor();
      const secret = await page.getByTestId('webhook-secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      expect(await page.getByTestId('webhook-endpoint-events').textContent()).toBe(
        'Order created, Order shipped',
      );

      await page.getByTestId('webhook-send-test').click();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      expect(verify(secret, receiver.received[0]!).type).toBe('webhook.test');
      await expect
        .poll(() => page.getByTestId('webhook-delivery-state').first().textContent(), {
          timeout: 10_000,
        })
        .toBe('Succeeded');
      expect(await page.getByTestId('webhook-delivery-code').first().textContent()).toBe('200');
      expect(await page.getByTestId('webhook-delivery-detail').first().textContent()).toBe(
        'thanks',
      );

      await page.getByTestId('webhook-delivery-replay').first().click();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(
        receiver.received[0]!.headers['webhook-id'],
      );

      // An order imported through the API reaches the endpoint as `order.created`.
      await importThroughApi(
        site.system,
        seller,
        `${header}\r\nHOOK-1,Ann,Lee,ann@example.com,SW1A 1AA,pending,,,\r\n`,
      );
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
      const created = verify(secret, receiver.received[2]!);
      expect(created.type).toBe('order.created');
      expect(created.data.order?.orderNumber).toBe('HOOK-1');

      // A rolled secret is shown at once and differs.
      await page.getByTestId('webhook-secret-roll').click();
      await expect.poll(() => page.getByTestId('webhook-secret').inputValue()).not.toBe(secret);
    } finally {
      await context.close();
    }
  });
});

describe.concurrent('webhooks with production address rules', () => {
  const site = composedSiteForFile({ WEBHOOK_URL_POLICY: 'production' });
  let port = 0;
  const receiver = startReceiver();
  beforeAll(async () => {
    port = await receiver.listening;
  });
  afterAll(() => receiver.close());

  it('refuses a host name that resolves to 127.0.0.1, and http', async ({ expect }) => {
    const seller = await createSeller(site.system, { onboarded: true });
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await seedLocalStorage(context, sellerStorage(seller));
      const page = await context.newPage();
      await page.goto(`${site.system.url}/account-settings`);
      await page.getByTestId('settings-tab-webhooks').click();
      await page.getByTestId('webhooks-empty').waitFor();

      await page.getByTestId('webhook-event-order.created').check();
      await page.getByTestId('webhook-url').fill(`https://localhost:${port}/hooks`);
      await page.getByTestId('webhook-create').click();
      await expect
        .poll(() => page.getByTestId('webhook-url-error').textContent())
        .toMatch(/^(127\.0\.0\.1|::1) is a loopback address, which webhooks may not reach$/);

      await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}/hooks`);
      await page.getByTestId('webhook-create').click();
      await expect
        .poll(() => page.getByTestId('webhook-url-error').textContent())
        .toBe('Must be an https URL');
      expect(await page.getByTestId('webhooks-empty').isVisible()).toBe(true);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await context.close();
    }
  });
});
