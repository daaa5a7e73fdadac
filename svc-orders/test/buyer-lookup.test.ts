import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerMessages, getBuyerTrackingLink } from '@onvelope/contracts';
import { requestCommand } from '@onvelope/service-kit/nats';
import { startBuyerHarness, type BuyerHarness } from './buyer-support.js';

describe('public order lookup and signed tracking links', () => {
  let h: BuyerHarness;
  let sellerA: string;
  let sellerB: string;
  let orderSeq = 0;
  const nextNumber = () => `L-${++orderSeq}`;

  beforeAll(async () => {
    h = await startBuyerHarness();
    h.directory.sellers.set('look-a', { name: 'Teapots Ltd', website: 'https://teapots.example' });
    h.directory.sellers.set('look-b', { name: 'Mugs & Co', website: null });
    sellerA = await h.issuer.merchantToken('look-a');
    sellerB = await h.issuer.merchantToken('look-b');
  });
  afterAll(() => h?.stop());

  const lookup = (body: Record<string, unknown>, ip?: string) =>
    h.call('POST', '/api/customer/lookup', { body, ip });

  it("answers the buyer's order with the seller's name, the keyword message and a link", async () => {
    const orderNumber = nextNumber();
    await h.insertOrder({
      accountId: 'look-a',
      orderNumber,
      keywordMessage: 'Awaiting stock',
      keywordExplanation: "rule 'mug' matched",
      items: 'product_name:Blue mug',
    });
    const answer = await lookup({ email: ' ADA@example.com ', postcode: 'sw1a1aa', orderNumber });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      orderNumber,
      accountId: 'look-a',
      keywordMessage: 'Awaiting stock',
      items: 'product_name:Blue mug',
      merchant: { name: 'Teapots Ltd', website: 'https://teapots.example' },
    });
    expect(answer.body.order).not.toHaveProperty('keywordExplanation');
    expect(answer.body.order).not.toHaveProperty('source');
    expect(answer.body.trackingLink).toMatch(/^https:\/\/onvelope\.test\/track\?link=/);
  });

  it("finds '#1001' when the buyer types 1001", async () => {
    const orderNumber = nextNumber();
    await h.insertOrder({ accountId: 'look-a', orderNumber: `#${orderNumber}` });
    const answer = await lookup({ email: 'ada@example.com', postcode: 'SW1A 1AA', orderNumber });
    expect(answer.status).toBe(200);
    expect(answer.body.order.orderNumber).toBe(`#${orderNumber}`);
  });

  it('gives the same 404 for an unknown order, a wrong email and a wrong postcode', async () => {
    const orderNumber = nextNumber();
    await h.insertOrder({ accountId: 'look-a', orderNumber });
    const answers = await Promise.all([
      lookup({ email: 'ada@example.com', postcode: 'SW1A 1AA', orderNumber: 'nope-404' }),
      lookup({ email: 'eve@example.com', postcode: 'SW1A 1AA', orderNumber }),
      lookup({ email: 'ada@example.com', postcode: 'SW1A 1AB', orderNumber }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: buyerMessages.orderNotFound });
    }
  });

  it("never matches an order whose postcode is 'Unknown'", async () => {
    const orderNumber = nextNumber();
    await h.insertOrder({ accountId: 'look-a', orderNumber, postcode: 'Unknown' });
    const answer = await lookup({ email: 'ada@example.com', postcode: 'Unknown', orderNumber });
    expect(answer.status).toBe(404);
  });

  it("finds the right seller's order when two sellers use the same number", async () => {
    const orderNumber = nextNumber();
    await h.insertOrder({ accountId: 'look-a', orderNumber });
    await h.insertOrder({
      accountId: 'look-b',
      orderNumber,
      email: 'bob@example.com',
      postcode: 'M1 1AE',
    });
    const answer = await lookup({ email: 'bob@example.com', postcode: 'M1 1AE', orderNumber });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      accountId: 'look-b',
      merchant: { name: 'Mugs & Co', website: null },
    });
  });

  it('answers 404 when the details match orders of two sellers, rather than guess', async () => {
    const orderNumber = nextNumber();
    await h.insertOrder({ accountId: 'look-a', orderNumber });
    await h.insertOrder({ accountId: 'look-b', orderNumber });
    const answer = await lookup({ email: 'ada@example.com', postcode: 'SW1A 1AA', orderNumber });
    expect(answer.status).toBe(404);
  });

  it('still answers the order when the seller profile cannot be had', async () => {
    const orderNumber = nextNumber();
    await h.insertOrder({ accountId: 'look-unknown-seller', orderNumber });
    const answer = await lookup({ email: 'ada@example.com', postcode: 'SW1A 1AA', orderNumber });
    expect(answer.status).toBe(200);
    expect(answer.body.order.merchant).toBeNull();
  });

  it("says 'Please fill in all fields' for each missing field", async () => {
    const answer = await lookup({ email: '', postcode: '  ' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Validation failed');
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { path: 'body.email', message: buyerMessages.fillAllFields },
        { path: 'body.postcode', message: buyerMessages.fillAllFields },
        { path: 'body.orderNumber', message: buyerMessages.fillAllFields },
      ]),
    );
    const badEmail = await lookup({ email: 'ada', postcode: 'SW1A 1AA', orderNumber: '1' });
    expect(badEmail.body.details).toEqual([
      { path: 'body.email', message: 'Invalid email address' },
    ]);
  });

  it('refuses an order number after 10 failed lookups in the hour, even with the right details', async () => {
    const orderNumber = nextNumber();
    await h.insertOrder({ accountId: 'look-a', orderNumber });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const wrong = await lookup(
        { email: 'ada@example.com', postcode: `WRONG ${attempt}`, orderNumber },
        `203.0.113.${attempt}`,
      );
      expect(wrong.status).toBe(404);
    }
    const right = await lookup(
      { email: 'ada@example.com', postcode: 'SW1A 1AA', orderNumber },
      '203.0.113.99',
    );
    expect(right.status).toBe(429);
    expect(right.body.error).toMatch(
      /^Too many order lookups\. Please try again in \d+ minutes?\.$/,
    );
  });

  it("never locks out the buyer of another seller's order with the same number", async () => {
    const orderNumber = nextNumber();
    await h.insertOrder({ accountId: 'look-a', orderNumber });
    await h.insertOrder({
      accountId: 'look-b',
      orderNumber,
      email: 'bob@example.com',
      postcode: 'M1 1AE',
    });
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const wrong = await lookup(
        { email: 'ada@example.com', postcode: `WRONG ${attempt}`, orderNumber },
        `198.51.100.${attempt}`,
      );
      expect(wrong.status).toBe(404);
    }
    const guessed = { email: 'ada@example.com', postcode: 'SW1A 1AA', orderNumber };
    expect((await lookup(guessed, '198.51.100.99')).status).toBe(429);
    const otherBuyer = { email: 'bob@example.com', postcode: 'M1 1AE', orderNumber };
    expect((await lookup(otherBuyer, '198.51.100.98')).status).toBe(200);
  });

  it('refuses a caller after 30 failed lookups in 15 minutes, whatever the order', async () => {
    const ip = '203.0.113.200';
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const wrong = await lookup(
        { email: 'ada@example.com', postcode: 'X', orderNumber: `ip-${attempt}` },
        ip,
      );
      expect(wrong.status).toBe(404);
    }
    const orderNumber = nextNumber();
    await h.insertOrder({ accountId: 'look-a', orderNumber });
    const details = { email: 'ada@example.com', postcode: 'SW1A 1AA', orderNumber };
    expect((await lookup(details, ip)).status).toBe(429);
    expect((await lookup(details, '203.0.113.201')).status).toBe(200);
  });

  describe('signed tracking links', () => {
    const linkFor = (token: string, orderNumber: string) =>
      h.call(
        'POST',
        `/api/upload/tracking-entries/${encodeURIComponent(orderNumber)}/tracking-link`,
        {
          token,
        },
      );
    const open = (link: string) =>
      h.call('GET', `/api/customer/track?token=${encodeURIComponent(link)}`);
    const tokenOf = (url: string) => new URL(url).searchParams.get('link') as string;

    it("gives the seller a link that opens the order's tracking page without email or postcode", async () => {
      const orderNumber = nextNumber();
      await h.insertOrder({ accountId: 'look-a', orderNumber, status: 'shipped' });
      const created = await linkFor(sellerA, orderNumber);
      expect(created.status).toBe(200);
      expect(created.body.url).toMatch(/^https:\/\/onvelope\.test\/track\?link=/);
      const opened = await open(tokenOf(created.body.url));
      expect(opened.status).toBe(200);
      expect(opened.body.order).toMatchObject({
        orderNumber,
        status: 'shipped',
        merchant: { name: 'Teapots Ltd' },
      });
    });

    it('answers a tampered link like an unknown order', async () => {
      const orderNumber = nextNumber();
      const other = nextNumber();
      await h.insertOrder({ accountId: 'look-a', orderNumber });
      const { id: otherId } = await h.insertOrder({ accountId: 'look-a', orderNumber: other });
      const token = tokenOf((await linkFor(sellerA, orderNumber)).body.url);
      const [account, , signature] = token.split('.');
      for (const tampered of [
        `${account}.${otherId}.${signature}`,
        `${token.slice(0, -2)}AA`,
        'not-a-token',
      ]) {
        const opened = await open(tampered);
        expect(opened.status).toBe(404);
        expect(opened.body).toEqual({ error: buyerMessages.orderNotFound });
      }
    });

    it('signs the link svc-notify asks for, for an order of the account it names only', async () => {
      const orderNumber = nextNumber();
      const { id } = await h.insertOrder({ accountId: 'look-a', orderNumber, status: 'shipped' });
      const asked = await requestCommand(h.nc, getBuyerTrackingLink, {
        accountId: 'look-a',
        entryId: id,
      });
      expect(asked.url).toMatch(/^https:\/\/onvelope\.test\/track\?link=/);
      const opened = await open(tokenOf(asked.url));
      expect(opened.status).toBe(200);
      expect(opened.body.order).toMatchObject({ orderNumber });
      for (const request of [
        { accountId: 'look-b', entryId: id },
        { accountId: 'look-a', entryId: 'not-an-id' },
      ]) {
        await expect(requestCommand(h.nc, getBuyerTrackingLink, request)).rejects.toThrow(
          /Order not found/,
        );
      }
    });

    it("gives no link for another seller's order", async () => {
      const orderNumber = nextNumber();
      await h.insertOrder({ accountId: 'look-a', orderNumber });
      const created = await linkFor(sellerB, orderNumber);
      expect(created.status).toBe(404);
      expect(created.body.error).toBe(`Order ${orderNumber} not found`);
    });

    it('stops every earlier link when the seller regenerates the secret', async () => {
      const orderNumber = nextNumber();
      await h.insertOrder({ accountId: 'look-a', orderNumber });
      const before = tokenOf((await linkFor(sellerA, orderNumber)).body.url);
      const regenerated = await h.call('POST', '/api/upload/tracking-links/regenerate', {
        token: sellerA,
      });
      expect(regenerated.status).toBe(200);
      expect((await open(before)).status).toBe(404);
      const after = tokenOf((await linkFor(sellerA, orderNumber)).body.url);
      expect(after).not.toBe(before);
      expect((await open(after)).status).toBe(200);
    });

    it('needs a seller to create a link', async () => {
      expect((await linkFor('', 'L-1')).status).toBe(401);
      const buyer = await h.issuer.customerToken('buyer-x');
      expect((await linkFor(buyer, 'L-1')).status).toBe(403);
    });
  });
});
