import { describe, expect, it } from 'vitest';
import type { SellerNotice } from '@onvelope/contracts';
import {
  DIGEST_QUERIES_SHOWN,
  digestContent,
  excerptOf,
  moneyOf,
  sellerNoticeContent,
  type DigestQuery,
} from './seller-message-content.js';

const context = {
  timeZone: 'America/New_York',
  sellerEmail: 'owner@shop.example',
  siteUrl: 'https://site.test/',
};
const requestedAt = new Date('2026-12-02T15:00:00Z');
const content = (notice: SellerNotice) => sellerNoticeContent(notice, context, requestedAt);

describe('messages to the seller', () => {
  it('formats amounts in the currency’s own minor unit', () => {
    expect(moneyOf(1250, 'gbp')).toBe('£12.50');
    expect(moneyOf(1999, 'USD')).toBe('US$19.99');
    expect(moneyOf(5000, 'jpy')).toBe('JP¥5,000');
  });

  it('dates billing messages in the seller’s time zone', () => {
    // 03:00 UTC on the 3rd is still the evening of the 2nd in New York.
    const ending = content({ kind: 'trial_ending', trialEnd: '2026-12-03T03:00:00.000Z' });
    expect(ending.subject).toBe('Your ONVELOPE free trial ends on Wednesday 2 December');
    expect(ending.action).toEqual({ label: 'Choose a plan', url: 'https://site.test/pricing' });
  });

  it('links each kind to where the seller acts', () => {
    const urls = (
      [
        { kind: 'trial_ended', trialEnd: '2026-12-03T03:00:00.000Z' },
        { kind: 'subscription_cancelled', endedAt: '2026-12-03T03:00:00.000Z' },
        { kind: 'payment_failed', amountDue: null, currency: null, graceUntil: null },
        { kind: 'sync_failed', storeName: null, reason: 'Timed out' },
        { kind: 'store_authorization_expired', storeName: 'Teapots' },
      ] satisfies SellerNotice[]
    ).map((notice) => content(notice).action.url);
    expect(urls).toEqual([
      'https://site.test/pricing?reason=trial_expired',
      'https://site.test/pricing?reason=subscription_cancelled',
      'https://site.test/account-settings',
      'https://site.test/account-settings?tab=integrations',
      'https://site.test/account-settings?tab=integrations',
    ]);
  });

  it('says what failed without an amount it does not know', () => {
    const failed = content({
      kind: 'payment_failed',
      amountDue: null,
      currency: null,
      graceUntil: null,
    });
    expect(failed.paragraphs[0]).toBe('We could not take your latest payment.');
    expect(failed.details).toEqual([]);
  });

  it('keeps a buyer’s subject on one line and their message as lines of text', () => {
    const query = content({
      kind: 'buyer_query',
      queryId: 'q1',
      orderNumber: '1001',
      customerName: 'Ann\r\nBcc: x@evil.test',
      customerEmail: 'ann@example.com',
      subject: 'Where\u202e is it?',
      message: '\n\nHello,\r\n\r\n\r\nwhere is my parcel?\u0000',
    });
    expect(query.subject).toBe(
      'New query about order #1001 from Ann Bcc: x@evil.test: Where is it?',
    );
    expect(query.quote).toEqual(['Hello,', '', 'where is my parcel?']);
    expect(query.action.url).toBe('https://site.test/dashboard');
    expect(query.why).toContain('daily digest');
  });

  it('names an unnamed store plainly', () => {
    expect(content({ kind: 'sync_failed', storeName: '  ', reason: 'x' }).subject).toBe(
      'Orders from your store could not be synced',
    );
  });
});

describe('the daily digest', () => {
  const query = (n: number): DigestQuery => ({
    orderNumber: `${1000 + n}`,
    customerName: `Buyer ${n}`,
    subject: `Question ${n}`,
    message: `Message ${n} `.repeat(40),
    receivedAt: new Date('2026-12-02T14:05:00Z'),
  });

  it('lists each query with its order, buyer, subject and a short excerpt', () => {
    const digest = digestContent([query(1), query(2)], context, new Date('2026-12-03T13:00:00Z'));
    expect(digest.subject).toBe('Daily digest for Thursday 3 December: 2 new buyer queries');
    expect(digest.queries[0]).toEqual({
      heading: 'Order #1001 · Buyer 1 · Question 1',
      excerpt: excerptOf(query(1).message),
      receivedAt: 'Wed 2 Dec, 09:05',
    });
    expect(digest.queries[0]!.excerpt.length).toBeLessThanOrEqual(140);
    expect(digest.queries[0]!.excerpt.endsWith('…')).toBe(true);
  });

  it('shows the first queries of a long day and counts the rest', () => {
    const many = Array.from({ length: DIGEST_QUERIES_SHOWN + 7 }, (_, n) => query(n));
    const digest = digestContent(many, context, new Date('2026-12-03T13:00:00Z'));
    expect(digest.queries).toHaveLength(DIGEST_QUERIES_SHOWN);
    expect(digest.moreQueries).toBe(7);
    expect(digest.subject).toContain(`${DIGEST_QUERIES_SHOWN + 7} new buyer queries`);
  });
});
