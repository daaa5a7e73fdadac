import { describe, expect, it } from 'vitest';
import { nextPageOf } from './order-paging.js';

const listing = 'https://api.example/v1/accounts/1/orders?page%5Blimit%5D=100&sort=created_at';
const at = (offset: number) => `${listing}&page%5Boffset%5D=${offset}`;
const offsetOf = (url: string) => new URL(url).searchParams.get('page[offset]');

describe('paging an order listing', () => {
  it('follows links.next when the store-front sends it', () => {
    const next = nextPageOf({ url: at(0), nextLink: at(100), count: 250, received: 100 });
    expect(next).toEqual({ url: at(100), by: 'link' });
  });

  it('pages by offset when links.next is absent but the count says orders remain', () => {
    const next = nextPageOf({ url: at(100), nextLink: null, count: 250, received: 100 });
    expect(next?.by).toBe('offset');
    expect(offsetOf(next!.url)).toBe('200');
    expect(new URL(next!.url).searchParams.get('sort')).toBe('created_at');
  });

  it('moves on by the orders received, for a store-front that sends fewer than asked for', () => {
    const next = nextPageOf({ url: at(0), nextLink: null, count: 250, received: 50 });
    expect(offsetOf(next!.url)).toBe('50');
  });

  it('stops at the count, and without a count', () => {
    expect(nextPageOf({ url: at(200), nextLink: null, count: 250, received: 50 })).toBeNull();
    expect(nextPageOf({ url: at(0), nextLink: null, count: null, received: 100 })).toBeNull();
  });

  it('stops at an empty page when the count says more orders remain', () => {
    expect(nextPageOf({ url: at(300), nextLink: null, count: 400, received: 0 })).toBeNull();
  });

  it('does not follow a link back to the same page', () => {
    const next = nextPageOf({ url: at(0), nextLink: at(0), count: 250, received: 100 });
    expect(next).toMatchObject({ by: 'offset' });
    expect(offsetOf(next!.url)).toBe('100');
    expect(nextPageOf({ url: at(200), nextLink: at(200), count: 250, received: 50 })).toBeNull();
  });

  it('does not guess an offset for a page that was not asked for by offset', () => {
    expect(nextPageOf({ url: listing, nextLink: null, count: 250, received: 100 })).toBeNull();
  });
});
