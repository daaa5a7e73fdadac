import { describe, expect, it } from 'vitest';
import { dayOf, messageContent, sampleOrder, type MessageInput } from './message-content.js';

const now = new Date('2026-11-20T23:30:00Z');
const input = (fields: Partial<MessageInput> = {}): MessageInput => ({
  milestone: 'shipped',
  problem: null,
  order: sampleOrder(now),
  seller: { storeName: 'Acme', timeZone: 'Europe/London', logoUrl: null, accentColor: null },
  trackingUrl: 'https://site.test/track?order=1001',
  unsubscribeUrl: 'https://site.test/api/notify/unsubscribe/t',
  itemsShown: 20,
  ...fields,
});

describe('messageContent', () => {
  it('tells the buyer who sent what, with which courier, and when it should arrive', () => {
    const content = messageContent(input());
    expect(content.subject).toBe('Your order #1001 from Acme is on its way');
    expect(content.paragraphs[0]).toBe('Acme has sent your order with Royal Mail.');
    expect(content.details).toEqual([
      { label: 'Order', value: '#1001' },
      { label: 'Courier', value: 'Royal Mail' },
      { label: 'Tracking number', value: 'AB123456789GB' },
      { label: 'Estimated delivery', value: 'Sunday 22 November' },
    ]);
  });

  it('hides the estimate once delivered or in trouble', () => {
    for (const milestone of ['delivered', 'problem'] as const) {
      const labels = messageContent(input({ milestone, problem: 'returned' })).details.map(
        (detail) => detail.label,
      );
      expect(labels).not.toContain('Estimated delivery');
    }
  });

  it('words each problem plainly', () => {
    const subject = (problem: MessageInput['problem']) =>
      messageContent(input({ milestone: 'problem', problem })).subject;
    expect(subject('failed_attempt')).toBe('We could not deliver your order #1001');
    expect(subject('exception')).toBe('A problem with the delivery of your order #1001');
    expect(subject('returned')).toBe('Your order #1001 is being returned to Acme');
    expect(subject('awaiting_pickup')).toBe('Your order #1001 is ready to collect');
  });

  it('lists the first lines and counts the rest', () => {
    const order = sampleOrder(now);
    order.items = Array.from({ length: 5 }, (_, i) => ({ name: `Item ${i}`, quantity: 1 }));
    order.itemCount = 1_000;
    const content = messageContent(input({ order, itemsShown: 3 }));
    expect(content.items.map((item) => item.name)).toEqual(['Item 0', 'Item 1', 'Item 2']);
    expect(content.moreItems).toBe(997);
  });

  it('keeps the subject to one line whatever the order number holds', () => {
    const order = { ...sampleOrder(now), orderNumber: '1001\r\nBcc: x@evil.test' };
    expect(messageContent(input({ order })).subject).not.toMatch(/[\r\n]/);
  });

  it('says dates in the seller’s time zone', () => {
    expect(dayOf(now, 'Europe/London')).toBe('Friday 20 November');
    expect(dayOf(now, 'Asia/Tokyo')).toBe('Saturday 21 November');
    expect(dayOf(now, 'Not/AZone')).toBe('Friday 20 November');
  });
});
