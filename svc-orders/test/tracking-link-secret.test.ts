import { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { trackingLinkOf } from '../src/use-cases/tracking-links.js';

/**
 * The seller's tracking-link secret behind every buyer lookup and tracking page (issue 40's per-call
 * costs): made once, then only read.
 */

let db: Connection;
const writes: string[] = [];

beforeAll(async () => {
  db = await connectTestDatabase(uniqueDatabaseName('orders_link_secret'));
  db.set('debug', (collection: string, method: string) => {
    if (collection === 'tracking_link_secrets' && method !== 'findOne') writes.push(method);
  });
});

afterAll(async () => {
  await db?.close();
});

const deps = () => ({
  db,
  now: () => new Date('2026-11-29T08:00:00Z'),
  settings: { publicSiteUrl: 'https://shop.example' },
});

describe("a seller's tracking-link secret", () => {
  it('is made by the first link and only read by every later one', async () => {
    const entry = { accountId: 'acct-links', _id: new Types.ObjectId() };

    const first = await trackingLinkOf(deps(), entry);
    expect(writes).toEqual(['findOneAndUpdate']);

    writes.length = 0;
    const again = await Promise.all([1, 2, 3].map(() => trackingLinkOf(deps(), entry)));

    expect(again).toEqual([first, first, first]);
    expect(writes).toEqual([]);
  });

  it('is one secret when the first links of a seller are made at the same moment', async () => {
    const entry = { accountId: 'acct-race', _id: new Types.ObjectId() };
    const links = await Promise.all([1, 2, 3, 4].map(() => trackingLinkOf(deps(), entry)));

    expect(new Set(links).size).toBe(1);
  });
});
