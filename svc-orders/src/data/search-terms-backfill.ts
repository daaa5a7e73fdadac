import type { Connection, mongo } from 'mongoose';
import type { Logger } from '@onvelope/service-kit';
import { SEARCH_TERMS_FORMAT } from '../domain/search-terms.js';
import { sameStoredValue, searchTermsOf, trackingEntryModel } from './tracking-entry.model.js';

const BATCH = 500;
const MARKER_ID = 'search-terms';

/** The document saying which format of search terms the whole collection holds. */
interface FormatMarker {
  _id: string;
  format: number;
  doneAt: Date;
}

/**
 * Rewrites the `searchTerms` of entries stored before the current format (`SEARCH_TERMS_FORMAT`),
 * once per database: walks every entry by `_id`, writes the terms that differ, then records the
 * format in `migrations`, so later start-ups skip it. Meant to run in the background after
 * start-up: until it is done, an older entry is still found by the start of its values.
 *
 * Safe beside the writers: each rewrite is conditional on the entry's `version`, which every change
 * bumps, so an entry changed meanwhile keeps the terms its writer stored. Not a tenant query: it
 * reads and writes each entry by its own `_id`, whatever its account. Idempotent, so an interrupted
 * run (or two replicas starting together) only repeats work.
 */
export async function backfillSearchTerms(db: Connection, log: Logger): Promise<void> {
  const markers = db.collection<FormatMarker>('migrations');
  try {
    const marker = await markers.findOne({ _id: MARKER_ID });
    if (marker && marker.format >= SEARCH_TERMS_FORMAT) return;
    const model = trackingEntryModel(db);
    const entries = model
      .find({})
      .sort({ _id: 1 })
      .select({
        orderNumber: 1,
        firstName: 1,
        lastName: 1,
        email: 1,
        postcode: 1,
        trackingNumber: 1,
        items: 1,
        lineItems: 1,
        productName: 1,
        version: 1,
        searchTerms: 1,
      })
      .lean()
      .cursor({ batchSize: BATCH });
    let seen = 0;
    let rewritten = 0;
    let writes: mongo.AnyBulkWriteOperation[] = [];
    const flush = async () => {
      if (!writes.length) return;
      const result = await model.collection.bulkWrite(writes, { ordered: false });
      rewritten += result.modifiedCount;
      writes = [];
    };
    for await (const entry of entries) {
      seen += 1;
      const searchTerms = searchTermsOf(entry);
      if (sameStoredValue(searchTerms, entry.searchTerms)) continue;
      writes.push({
        updateOne: {
          filter: { _id: entry._id, version: entry.version ?? null },
          update: { $set: { searchTerms } },
        },
      });
      if (writes.length >= BATCH) await flush();
    }
    await flush();
    await markers.updateOne(
      { _id: MARKER_ID },
      { $set: { format: SEARCH_TERMS_FORMAT, doneAt: new Date() } },
      { upsert: true },
    );
    log.info({ entries: seen, rewritten, format: SEARCH_TERMS_FORMAT }, 'search terms backfilled');
  } catch (error) {
    // The next start-up tries again; meanwhile older entries are found by the start of a value.
    log.warn({ err: error }, 'search terms backfill stopped');
  }
}
