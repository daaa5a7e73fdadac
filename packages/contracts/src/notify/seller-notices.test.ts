import { describe, expect, it } from 'vitest';
import { fitNoticeTexts, sellerNotice, truncateText } from './seller-notices.js';

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

  it('keeps an unknown store name unknown', () => {
    const notice = fitNoticeTexts({ kind: 'store_authorization_expired', storeName: null });
    expect(notice).toEqual({ kind: 'store_authorization_expired', storeName: null });
  });
});
