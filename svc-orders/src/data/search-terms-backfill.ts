import type { Connection, mongo } from 'mongoose';
import type { Logger } from '@onvelope/service-kit/observability';
import { SEARCH_TEXT_FORMAT, searchedFields } from '../domain/search-terms.js';
import { searchFieldsOf } from '../domain/search-terms-grams.js';
import { trackingEntryModel, type TrackingEntryDocument } from './tracking-entry.model.js';

const BATCH = 500;
/** Kept from the formats that stored terms, so that their databases are rewritten once. */
const MARKER_ID = 'search-terms';
/**
 * Indexes nothing reads any longer: the lists of terms (formats 1 and 2), and the search text,
 * which MongoDB read key by key for the pattern (formats 3 and 4; `searchGrams` serves search now).
 */
const RETIRED_INDEXES = ['accountId_1_searchTerms_1', 'accountId_1_searchText_1'];

/** Whether two lists hold the same keys in the same order. */
const sameKeys = (a: readonly string[] | null | undefined, b: readonly string[]) =>
  !!a && a.length === b.length && a.every((key, at) => key === b[at]);

/** The document saying which format of search text the whole collection holds. */
interface FormatMarker {
  _id: string;
  format: number;
  doneAt: Date;
}

/**
 * Rewrites the search fields (`searchText`, `searchGrams`) of entries stored before the current
 * format (`SEARCH_TEXT_FORMAT`), once per database: walks every entry by `_id`, writes the fields
 * that differ and removes the lists of terms of older formats (`searchTerms`), drops the indexes of
 * older formats, then records the format in `migrations`, so later start-ups skip it. Meant to run
 * in the background after start-up: until it is done, search does not find an entry it has not
 * reached.
 *
 * Safe beside the writers: each rewrite is conditional on the entry's search text being as read,
 * so an entry whose searchable values changed meanwhile keeps the search text its writer stored
 * (a writer that changes them stores it), and one changed otherwise is still rewritten (a condition
 * on `version` would leave it unsearchable). Not a tenant query: it reads and writes each entry
 * by its own `_id`, whatever its account. Idempotent, so an interrupted run (or two replicas
 * starting together) only repeats work.
 */
export async function backfillSearchTerms(db: Connection, log: Logger): Promise<void> {
  const markers = db.collection<FormatMarker>('migrations');
  try {
    const marker = await markers.findOne({ _id: MARKER_ID });
    if (marker && marker.format >= SEARCH_TEXT_FORMAT) return;
    const model = trackingEntryModel(db);
    const entries = model
      .find({})
      .sort({ _id: 1 })
      .select([...searchedFields, 'searchText', 'searchGrams', 'searchTerms'])
      .lean<TrackingEntryDocument & { searchTerms?: unknown }>()
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
      const fields = searchFieldsOf(entry);
      const same =
        fields.searchText === entry.searchText && sameKeys(entry.searchGrams, fields.searchGrams);
      if (same && entry.searchTerms === undefined) continue;
      writes.push({
        updateOne: {
          filter: { _id: entry._id, searchText: entry.searchText ?? null },
          update: { $set: fields, $unset: { searchTerms: '' } },
        },
      });
      if (writes.length >= BATCH) await flush();
    }
    await flush();
    for (const index of RETIRED_INDEXES) {
      if (await model.collection.indexExists(index)) await model.collection.dropIndex(index);
    }
    await markers.updateOne(
      { _id: MARKER_ID },
      { $set: { format: SEARCH_TEXT_FORMAT, doneAt: new Date() } },
      { upsert: true },
    );
    log.info({ entries: seen, rewritten, format: SEARCH_TEXT_FORMAT }, 'search text backfilled');
  } catch (error) {
    // The next start-up tries again; meanwhile search does not find the entries not reached.
    log.warn({ err: error }, 'search text backfill stopped');
  }
}
