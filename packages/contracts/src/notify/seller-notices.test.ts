import { describe, expect, it } from 'vitest';
import {
  buyerNotice,
  buyerNoticeRequested,
  fitNoticeTexts,
  sellerNotice,
  truncateText,
} from './seller-notices.js';

describe('truncateText', () => {
  it('leaves a text within the limit as it is', () => {
    expect(truncateText('Where is my parcel?', 19)).toBe('Where is my parcel?');
  });

  it('cuts a long text to the limit, ending in an ellipsis', () => {
    const cut = truncateText('Where is my parcel?', 10);
    expect(cut).toBe('Where is…');
    expect(cut.length).toBeLessThanOrEqual(10);
    expect(truncateText('Teapots and cups', 9)).toBe('Teapots…');
  });

  it('never leaves half an emoji before the ellipsis', () => {
    expect(truncateText('ab😀cd', 4)).toBe('ab…');
  });
});

describe('fitNoticeTexts', () => {
  it("fits a buyer query's texts to the contract's limits, so the notice parses", () => {
    const notice = fitNoticeTexts({
      kind: 'buyer_query',
      queryId: 'q'.repeat(400),
      orderNumber: '#'.repeat(300),
      customerName: 'Ada',
      customerEmail: 'ada@example.com',
      subject: 's'.repeat(600),
      message: 'm'.repeat(6_000),
    });
    expect(sellerNotice.parse(notice)).toEqual(notice);
    expect(notice.message).toHaveLength(5_000);
    expect(notice.message.endsWith('…')).toBe(true);
    expect(notice.subject).toHaveLength(500);
    expect(notice.orderNumber).toHaveLength(200);
    expect(notice.customerName).toBe('Ada');
    // The contract sets no limit on the id: it is never cut.
    expect(notice.queryId).toHaveLength(400);
  });

  it("fits a failed sync's store name and reason", () => {
    const notice = fitNoticeTexts({
      kind: 'sync_failed',
      storeName: 'T'.repeat(300),
      reason: 'r'.repeat(2_000),
    });
    expect(sellerNotice.parse(notice)).toEqual(notice);
    expect(notice.storeName).toBe(`${'T'.repeat(199)}…`);
    expect(notice.reason).toHaveLength(1_000);
  });

  it("fits a query reply's texts to the buyer notice's limits, so it parses", () => {
    const notice = fitNoticeTexts({
      kind: 'query_reply',
      queryId: 'q1',
      replyId: 'r1',
      entryId: 'e1',
      orderNumber: '#'.repeat(300),
      customerName: 'N'.repeat(250),
      subject: 's'.repeat(600),
      message: 'm'.repeat(6_000),
      reply: 'r'.repeat(7_000),
    });
    expect(buyerNotice.parse(notice)).toEqual(notice);
    expect(notice.reply).toHaveLength(5_000);
    expect(notice.reply.endsWith('…')).toBe(true);
    expect(notice.message).toHaveLength(5_000);
    expect(notice.subject).toHaveLength(500);
    expect(notice.orderNumber).toHaveLength(200);
    expect(notice.customerName).toBe(`${'N'.repeat(199)}…`);
    expect(notice.entryId).toBe('e1');
  });

  it('keeps an unknown store name unknown', () => {
    const notice = fitNoticeTexts({ kind: 'store_authorization_expired', storeName: null });
    expect(notice).toEqual({ kind: 'store_authorization_expired', storeName: null });
  });
});

describe('buyerNoticeRequested', () => {
  it('is published on the NOTIFY stream, beside the seller notices', () => {
    expect(buyerNoticeRequested.subject).toBe('notify.buyer-notice.requested');
    expect(buyerNoticeRequested.stream.name).toBe('NOTIFY');
  });

  it("leaves judging the buyer's address to svc-notify, within an address's length", () => {
    const request = {
      noticeId: 'orders:query_reply:q1:r1',
      accountId: 'acct-1',
      requestedAt: '2026-11-28T10:00:00.000Z',
      to: 'not quite an address',
      notice: {
        kind: 'query_reply',
        queryId: 'q1',
        replyId: 'r1',
        entryId: null,
        orderNumber: '1001',
        customerName: '',
        subject: 'Where is it?',
        message: 'Hello',
        reply: 'On its way',
      },
    };
    expect(buyerNoticeRequested.payload.parse(request)).toEqual(request);
    expect(() => buyerNoticeRequested.payload.parse({ ...request, to: 'a'.repeat(321) })).toThrow();
    expect(() => buyerNoticeRequested.payload.parse({ ...request, to: '' })).toThrow();
  });
});
