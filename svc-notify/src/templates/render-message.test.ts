import { describe, expect, it } from 'vitest';
import { queryReplyContent } from '../domain/buyer-notice-content.js';
import { sampleOrder } from '../domain/message-content.js';
import { digestContent, sellerNoticeContent } from '../domain/seller-message-content.js';
import { renderMessage, renderQueryReply, renderSellerMessage } from './render-message.js';

const seller = { storeName: 'Acme', timeZone: 'UTC', logoUrl: null, accentColor: '#aa0000' };

describe('renderMessage', () => {
  it('renders HTML and a plain-text part with the same facts', async () => {
    const message = await renderMessage({
      milestone: 'out_for_delivery',
      problem: null,
      order: sampleOrder(new Date('2026-11-20T10:00:00Z')),
      seller,
      trackingUrl: 'https://site.test/track?order=1001',
      unsubscribeUrl: 'https://site.test/api/notify/unsubscribe/t',
      itemsShown: 20,
    });
    expect(message.subject).toBe('Your order #1001 is out for delivery');
    expect(message.html).toContain('href="https://site.test/track?order=1001"');
    expect(message.html).toContain('#aa0000');
    expect(message.text).toContain('Your parcel arrives today'.toUpperCase());
    expect(message.text).toContain('2 × Canvas tote bag');
    expect(message.text).toContain('https://site.test/api/notify/unsubscribe/t');
  });

  it('escapes markup in order fields', async () => {
    const order = sampleOrder(new Date());
    order.customerName = '<script>alert(1)</script>';
    order.items = [{ name: '<img src=x onerror=alert(1)>', quantity: 1 }];
    const { html } = await renderMessage({
      milestone: 'shipped',
      problem: null,
      order,
      seller: { ...seller, storeName: '"><b>Shop</b>' },
      trackingUrl: 'https://site.test/track',
      unsubscribeUrl: null,
      itemsShown: 20,
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Shop</b>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('renders a 1,000-line order as its first lines and "and K more", quickly', async () => {
    const order = sampleOrder(new Date());
    const lines = Array.from({ length: 1_000 }, (_, i) => ({ name: `Line ${i}`, quantity: 1 }));
    order.items = lines.slice(0, 20);
    order.itemCount = lines.length;
    const started = Date.now();
    const { html, text } = await renderMessage({
      milestone: 'shipped',
      problem: null,
      order,
      seller,
      trackingUrl: 'https://site.test/track',
      unsubscribeUrl: null,
      itemsShown: 20,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(text).toContain('Line 19');
    expect(text).not.toContain('Line 20');
    expect(text).toContain('and 980 more items');
    // Gmail clips messages over 102 KB.
    expect(Buffer.byteLength(html)).toBeLessThan(102_000);
  });
});

describe('renderSellerMessage', () => {
  const context = {
    timeZone: 'UTC',
    sellerEmail: 'owner@shop.example',
    siteUrl: 'https://site.test',
  };

  it('quotes a buyer’s words as text, in the HTML and the plain-text part', async () => {
    const message = await renderSellerMessage(
      sellerNoticeContent(
        {
          kind: 'buyer_query',
          queryId: 'q1',
          orderNumber: '<b>1001</b>',
          customerName: '<script>alert(1)</script>',
          customerEmail: 'ann@example.com',
          subject: '<img src=x onerror=alert(1)>',
          message: 'Hello <a href="https://evil.test">click</a>\nsecond line',
        },
        context,
        new Date('2026-12-02T10:00:00Z'),
      ),
    );
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<img src=x');
    expect(message.html).not.toContain('<a href="https://evil.test"');
    expect(message.html).not.toContain('<b>1001</b>');
    expect(message.html).toContain('&lt;script&gt;');
    expect(message.html).toContain('href="https://site.test/dashboard"');
    expect(message.text).toContain('second line');
    expect(message.text).toContain('https://site.test/dashboard');
    expect(message.text).toContain('You receive this e-mail because');
  });

  it('renders a digest of many queries under Gmail’s clipping size', async () => {
    const queries = Array.from({ length: 500 }, (_, n) => ({
      orderNumber: `${n}`,
      customerName: 'Buyer',
      subject: 'Where is it?',
      message: 'x'.repeat(5_000),
      receivedAt: new Date('2026-12-02T10:00:00Z'),
    }));
    const { html, text } = await renderSellerMessage(
      digestContent(queries, context, new Date('2026-12-03T08:00:00Z')),
    );
    expect(text).toContain('and 450 more in Order Queries');
    expect(Buffer.byteLength(html)).toBeLessThan(102_000);
  });
});

describe('renderQueryReply', () => {
  it("renders both sides' words as text, in the seller's colour, with the portal and unsubscribe links", async () => {
    const message = await renderQueryReply(
      queryReplyContent({
        notice: {
          kind: 'query_reply',
          queryId: 'q1',
          replyId: 'r1',
          entryId: null,
          orderNumber: '<b>1001</b>',
          customerName: '<script>alert(1)</script>',
          subject: '<img src=x onerror=alert(1)>',
          message: 'Where is it?\nsecond line',
          reply: 'Hello <a href="https://evil.test">click</a>\nOn its way',
        },
        seller,
        sellerName: 'Acme',
        portalUrl: 'https://site.test/customer-dashboard',
        unsubscribeUrl: 'https://site.test/api/notify/unsubscribe/t',
        canReply: true,
      }),
    );
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<img src=x');
    expect(message.html).not.toContain('<a href="https://evil.test"');
    expect(message.html).not.toContain('<b>1001</b>');
    expect(message.html).toContain('&lt;script&gt;');
    expect(message.html).toContain('#aa0000');
    expect(message.html).toContain('href="https://site.test/customer-dashboard"');
    expect(message.html).toContain('href="https://site.test/api/notify/unsubscribe/t"');
    expect(message.text).toContain('On its way');
    expect(message.text).toContain('second line');
    expect(message.text).toContain('Your question:');
    expect(message.text).toContain('https://site.test/api/notify/unsubscribe/t');
    expect(message.text).toContain("Acme's e-mails.");
  });
});
