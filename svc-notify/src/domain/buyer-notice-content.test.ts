import { describe, expect, it } from 'vitest';
import { queryReplyContent, type QueryReplyInput } from './buyer-notice-content.js';

const input = (fields: Partial<QueryReplyInput> = {}): QueryReplyInput => ({
  notice: {
    kind: 'query_reply',
    queryId: 'q1',
    replyId: 'r1',
    entryId: 'e1',
    orderNumber: '1001',
    customerName: 'Ann Buyer',
    subject: 'Where is my parcel?',
    message: 'Hello,\n\n\nit has not arrived.\u202e',
    reply: '\n\nIt left today.\r\nTracking: RM1',
  },
  seller: { storeName: 'Acme', timeZone: 'UTC', logoUrl: null, accentColor: null },
  sellerName: 'Acme',
  portalUrl: 'https://site.test/customer-dashboard',
  unsubscribeUrl: 'https://site.test/api/notify/unsubscribe/t',
  canReply: true,
  ...fields,
});

describe("the seller's reply to a buyer's query", () => {
  it('says what the reply mail of svc-orders said: who replied, to what, where else to find it', () => {
    const content = queryReplyContent(input());
    expect(content.subject).toBe('Re: Where is my parcel? (order #1001)');
    expect(content.greeting).toBe('Hi Ann Buyer,');
    expect(content.intro).toBe('Acme replied to your question about order #1001:');
    // Line by line, hidden characters dropped, no empty lines before the words or in runs.
    expect(content.reply).toEqual(['It left today.', 'Tracking: RM1']);
    expect(content.question).toEqual({
      subject: 'Where is my parcel?',
      lines: ['Hello,', '', 'it has not arrived.'],
    });
    expect(content.action).toEqual({
      label: 'Open your buyer account',
      url: 'https://site.test/customer-dashboard',
    });
    expect(content.after).toEqual([
      'To answer Acme, reply to this e-mail.',
      'With a buyer account for this e-mail address you also find the reply at https://site.test/customer-dashboard.',
    ]);
    expect(content.accentColor).toBe('#1f6feb');
  });

  it('names "the seller" while the store has no name, and offers no reply without a Reply-To', () => {
    const content = queryReplyContent(
      input({
        sellerName: null,
        canReply: false,
        seller: { ...input().seller, storeName: 'Your order' },
      }),
    );
    expect(content.headline).toBe('The seller replied to your question');
    expect(content.after).toHaveLength(1);
    expect(content.storeName).toBe('Your order');
  });

  it('keeps the subject one header line, and greets a buyer without a name', () => {
    const base = input();
    const content = queryReplyContent({
      ...base,
      notice: {
        ...base.notice,
        customerName: '  ',
        orderNumber: '#A-1\r\nBcc: x@evil.test',
        subject: `Refund\r\n${'long '.repeat(100)}`,
      },
    });
    expect(content.greeting).toBe('Hello,');
    expect(content.subject).not.toMatch(/[\r\n]/);
    expect(content.subject.length).toBeLessThanOrEqual(200);
    expect(content.subject).toMatch(/^Re: Refund long long/);
    expect(content.details).toEqual([{ label: 'Order', value: '#A-1 Bcc: x@evil.test' }]);
    expect(queryReplyContent(input({ notice: { ...base.notice, subject: '' } })).subject).toBe(
      'Re: your question (order #1001)',
    );
  });
});
