/** What one page of an order listing says about the rest of it. */
export interface ListingPage {
  /** Where the page was fetched from. */
  url: string;
  /** `links.next`, when the store-front sent one. */
  nextLink: string | null;
  /** `meta.count`: how many orders the listing holds, when the store-front says. */
  count: number | null;
  /** Orders on the page, readable or not. */
  received: number;
}

/** The page after this one, and whether the store-front linked it or its offset was worked out. */
export type NextPage = { url: string; by: 'link' | 'offset' } | null;

const OFFSET = 'page[offset]';

/**
 * Where a listing goes on after a page: to `links.next` when the store-front sends one; else, while
 * `meta.count` says orders remain, to the next `page[offset]` (bigcartel-api.md §4 documents the
 * offset, not a link on every page). A store-front that miscounts cannot make a sync loop: an empty
 * page ends an offset listing whatever the count says, and a link back to the same page is ignored.
 */
export function nextPageOf(page: ListingPage): NextPage {
  if (page.nextLink && page.nextLink !== page.url) return { url: page.nextLink, by: 'link' };
  if (page.count === null || page.received === 0) return null;
  const url = new URL(page.url);
  const offset = Number(url.searchParams.get(OFFSET));
  // Without a known offset the next one would be a guess that may repeat or skip orders.
  if (!url.searchParams.has(OFFSET) || !Number.isInteger(offset) || offset < 0) return null;
  const next = offset + page.received;
  if (next >= page.count) return null;
  url.searchParams.set(OFFSET, String(next));
  return { url: url.toString(), by: 'offset' };
}
