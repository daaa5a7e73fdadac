import { describe, expect, it } from 'vitest';
import { statusAfterSellerSawIt, whyNotResolvable } from './order-query-status.js';

describe('order query status', () => {
  it('moves a new query to viewed when the seller opens or answers it', () => {
    expect(statusAfterSellerSawIt('sent')).toBe('viewed');
    expect(statusAfterSellerSawIt('viewed')).toBe('viewed');
  });

  it('keeps a resolved query resolved when the seller answers it again', () => {
    expect(statusAfterSellerSawIt('resolved')).toBe('resolved');
  });

  it('lets the buyer resolve only a query that has a reply', () => {
    expect(whyNotResolvable({ replyCount: 0 })).toBe('needs-reply');
    expect(whyNotResolvable({ replyCount: 1 })).toBeNull();
  });
});
