/**
 * Seller-size benchmark (issue 41, first item; not a test): the dashboard calls of one seller at
 * 1,000 orders and again once the same seller has 100,000, through the gateway: summary, the
 * default first page and a later page of the list for every sort field of spec 000 §9, and search.
 * A call should cost what its page costs, not the seller's whole book: the target is p95 at
 * 100,000 / p95 at 1,000 <= 1.5 for the summary and <= 2 for every list page and search.
 *
 *   node --conditions=source --import tsx bench/seller-size.bench.ts   (from svc-orders/)
 *   BENCH_ROWS=20000 BENCH_SAMPLES=10   a quicker run (the large size; samples per call)
 *   BENCH_CALLS=search                  the searches alone
 *
 * The first 1,000 orders are imported through the gateway; the rest are copies of them under new
 * order numbers and emails (search fields recomputed), inserted with the driver, which is much faster
 * than uploading and stores the same shape; then the seller's counters are recounted, as the
 * periodic repair does for any write that bypassed the writer.
 */
import mongoose from 'mongoose';
import { trackingEntrySortFields } from '@onvelope/contracts';
import { count } from '@onvelope/testkit';
import { recountSellerCounters } from '../src/data/seller-counters.js';
import {
  orderKeyOf,
  searchFieldsOf,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../src/data/tracking-entry.model.js';
import { getAs, line, ordersFlagsLine, startOrdersBench, timeRuns, upload } from './support.js';

const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_ROWS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const SEARCH_ONLY = process.env.BENCH_CALLS === 'search';
/** The later page timed: the 226th to 250th order of the default view (25 a page). */
const LATER_PAGE = 10;
const SELLER = 'bench-seller-size';
/** One order at both sizes (the '@' ends the match), and a term whose matches grow with the book. */
const SEARCHES = ['buyer123@example.com', 'buyer42'];

const { BSON } = mongoose.mongo;

type Timing = Awaited<ReturnType<typeof timeRuns>>;
interface Row {
  call: string;
  timing: Timing;
}
interface ListAnswer {
  pagination: { total: number; nextCursor?: string };
}

const bench = await startOrdersBench('seller_size');
const { infra, issuer, db, gateway } = bench;

/** Adds the seller's orders `from` … `to - 1`: copies of the imported ones, 5,000 a batch. */
async function insertCopies(templates: TrackingEntryDocument[], from: number, to: number) {
  const entries = trackingEntryModel(db).collection;
  const base = Date.now();
  for (let first = from; first < to; first += 5_000) {
    const batch = Array.from({ length: Math.min(5_000, to - first) }, (_, k) => {
      const i = first + k;
      const { _id: _template, ...template } = templates[i % templates.length]!;
      const copy = { ...template, orderNumber: `ORD-${i}`, email: `buyer${i}@example.com` };
      const at = new Date(base + i);
      return {
        ...copy,
        orderKey: orderKeyOf(SELLER, copy.orderNumber),
        ...searchFieldsOf(copy),
        createdAt: at,
        updatedAt: at,
      };
    });
    await entries.insertMany(batch, { ordered: false });
  }
}

/** Mean BSON bytes of the seller's imported orders as stored: whole, and their search fields. */
async function storedBytes() {
  const stored = { entries: 0, whole: 0, search: 0 };
  const imported = trackingEntryModel(db).collection.find({ accountId: SELLER }).limit(SMALL);
  for await (const entry of imported) {
    stored.entries += 1;
    stored.whole += BSON.calculateObjectSize(entry);
    const { searchText, searchGrams } = entry;
    stored.search += BSON.calculateObjectSize({ searchText, searchGrams });
  }
  return {
    whole: Math.round(stored.whole / stored.entries),
    search: Math.round(stored.search / stored.entries),
  };
}

/**
 * The path of page `page` of a list: by its cursor when the service offers one (keyset paging,
 * walked to once before timing), else by its number.
 */
async function pagePath(get: (path: string) => Promise<unknown>, base: string, page: number) {
  let path = base;
  for (let at = 1; at < page; at += 1) {
    const { pagination } = (await get(path)) as ListAnswer;
    // A service without cursors (before issue 41) is paged by number.
    if (!pagination.nextCursor) return `${base}&page=${page}`;
    path = `${base}&cursor=${encodeURIComponent(pagination.nextCursor)}`;
  }
  return path;
}

async function timeCalls(token: string): Promise<Row[]> {
  const get = getAs(gateway.url, token);
  const rows: Row[] = [];
  if (!SEARCH_ONLY) rows.push(...(await timeListCalls(get)));
  for (const q of SEARCHES) {
    rows.push({
      call: `search ${q}`,
      timing: await timeRuns(SAMPLES, () => get(`/api/upload/search?q=${encodeURIComponent(q)}`)),
    });
  }
  return rows;
}

/** The summary, and the first and a later page of the list by every sort field. */
async function timeListCalls(get: (path: string) => Promise<unknown>): Promise<Row[]> {
  const rows: Row[] = [];
  rows.push({
    call: 'summary',
    timing: await timeRuns(SAMPLES, () => get('/api/upload/summary')),
  });
  for (const sortBy of trackingEntrySortFields) {
    const base = `/api/upload/tracking-entries?sortBy=${sortBy}&sortOrder=desc`;
    rows.push({ call: `list ${sortBy} p1`, timing: await timeRuns(SAMPLES, () => get(base)) });
    const later = await pagePath(get, base, LATER_PAGE);
    rows.push({
      call: `list ${sortBy} p${LATER_PAGE}`,
      timing: await timeRuns(SAMPLES, () => get(later)),
    });
  }
  return rows;
}

try {
  const token = await issuer.merchantToken(SELLER);
  await upload(gateway.url, token, SMALL);
  const small = await timeCalls(token);
  const bytes = await storedBytes();
  const templates = await trackingEntryModel(db)
    .find({ accountId: SELLER })
    .sort({ _id: 1 })
    .lean<TrackingEntryDocument[]>();
  await insertCopies(templates, SMALL, LARGE);
  await recountSellerCounters(db, SELLER);
  const large = await timeCalls(token);

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  line();
  line(
    `svc-orders seller size: one seller at ${count(SMALL)} and at ${count(LARGE)} orders ` +
      `(the only seller), MongoDB at ${infra.mongoUrl}, ${SAMPLES} samples per call`,
  );
  line(ordersFlagsLine());
  line(
    `stored per order: ${bytes.whole} bytes of BSON, of which the search fields ` +
      `(searchText, searchGrams) ${bytes.search}`,
  );
  line(
    `ms through the gateway; list: omitShipped=true, desc, limit 25, p${LATER_PAGE} = page ` +
      `${LATER_PAGE}; ratio = p95 at ${count(LARGE)} / p95 at ${count(SMALL)} ` +
      '(target: summary <= 1.5, list pages and search <= 2)',
  );
  line(
    `  ${'call'.padEnd(34)}${pad('p50 small', 11)}${pad('p95 small', 11)}` +
      `${pad('p50 large', 11)}${pad('p95 large', 11)}${pad('ratio', 8)}`,
  );
  small.forEach((before, index) => {
    const after = large[index]!;
    line(
      `  ${before.call.padEnd(34)}${pad(before.timing.median.toFixed(1), 11)}` +
        `${pad(before.timing.p95.toFixed(1), 11)}${pad(after.timing.median.toFixed(1), 11)}` +
        `${pad(after.timing.p95.toFixed(1), 11)}${pad((after.timing.p95 / before.timing.p95).toFixed(2), 8)}`,
    );
  });
} finally {
  await bench.stop();
}
