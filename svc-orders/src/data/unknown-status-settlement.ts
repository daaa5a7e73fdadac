import type { Connection } from 'mongoose';
import { trackingEntryStatuses } from '@onvelope/contracts';
import type { Logger } from '@onvelope/service-kit/observability';
import { trackingEntryWrites } from './tracking-entry-writes.js';
import { trackingEntryModel, type TrackingEntryDocument } from './tracking-entry.model.js';

const MARKER_ID = 'known-statuses';

/**
 * Before issue 38 item 9 a CSV row's unknown status ('weird', 'on hold') was stored as written and
 * reached analytics. The import now stores no unknown status; this settles those stored before,
 * once per database, as the import settles a new one: the order becomes pending. Each goes through
 * the one writer, so its change is announced and analytics and the other readers follow. A run cut
 * short is repeated at the next start-up (an entry changed meanwhile is left for that run).
 */
export async function settleUnknownStatuses(db: Connection, log: Logger): Promise<void> {
  const markers = db.collection<{ _id: string; doneAt: Date }>('migrations');
  try {
    if (await markers.findOne({ _id: MARKER_ID })) return;
    const model = trackingEntryModel(db);
    const unknown = model
      .find({ status: { $nin: [...trackingEntryStatuses] } })
      .select({ searchText: 0 })
      .sort({ _id: 1 })
      .lean<TrackingEntryDocument[]>()
      .cursor({ batchSize: 200 });
    let settled = 0;
    for await (const entry of unknown) {
      const writes = trackingEntryWrites(model, entry.accountId);
      if (await writes.updateOne(entry, { status: 'pending' }, new Date())) settled += 1;
    }
    await markers.updateOne({ _id: MARKER_ID }, { $set: { doneAt: new Date() } }, { upsert: true });
    if (settled) log.info({ settled }, 'unknown order statuses settled as pending');
  } catch (error) {
    log.warn({ err: error }, 'settling unknown order statuses stopped; the next start-up goes on');
  }
}
