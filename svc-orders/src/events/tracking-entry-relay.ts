import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection } from 'mongoose';
import type { Logger, NatsConnection } from '@onvelope/service-kit';
import {
  claimOutboxRecord,
  completeOutboxRecord,
  onOutboxReady,
  releaseOutboxRecord,
  type OutboxRecord,
} from '../data/tracking-entry-outbox.js';
import { trackingEntryModel, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import {
  changeOf,
  publishTrackingEntriesDeleted,
  publishTrackingEntriesUpserted,
} from './tracking-entry-events.js';

export interface RelayOptions {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  /** How often the outbox is looked at when nothing wakes the relay (other replicas, restarts). */
  pollMs?: number;
  /** How long a claimed record is this relay's before another replica may take it over. */
  leaseMs?: number;
}

const MIN_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/**
 * Publishes the tracking-entry outbox until it is empty, and again whenever a writer settles a
 * record (or every `pollMs`): records are claimed one at a time, oldest first, with a lease, so
 * replicas share the work and the changes of an entry go out in the order they were made. A record
 * whose writer was lost is published as its entries are stored now. A failed publish (NATS down)
 * is retried with a growing pause, before anything later, until it is acknowledged; JetStream's
 * message ids and the consumers' version checks absorb a publish made twice.
 */
export function startTrackingEntryRelay({
  db,
  nats,
  log,
  pollMs = 1_000,
  leaseMs = 30_000,
}: RelayOptions) {
  const model = trackingEntryModel(db);
  let stopped = false;
  let wake: (() => void) | undefined;
  let woken = false;
  const unsubscribe = onOutboxReady(db, () => {
    woken = true;
    wake?.();
  });

  const idle = async (ms: number) => {
    if (woken || stopped) return;
    const controller = new AbortController();
    wake = () => controller.abort();
    await sleep(ms, undefined, { signal: controller.signal, ref: false }).catch(() => undefined);
    wake = undefined;
  };

  async function publish(record: OutboxRecord) {
    if (record.kind === 'upserted') {
      const changes =
        record.state === 'ready' && record.changes
          ? record.changes
          : (
              await model
                .find({ orderKey: { $in: record.orderKeys } })
                .select({ searchTerms: 0 })
                .lean<TrackingEntryDocument[]>()
            )
              .filter((doc) => doc.accountId === record.accountId)
              .map(changeOf);
      if (changes.length) await publishTrackingEntriesUpserted(nats, record.accountId, changes);
      return;
    }
    let entryIds = record.entryIds;
    if (record.state !== 'ready') {
      // Lost while deleting: announce the entries that are gone.
      const left = await model
        .find({ _id: { $in: entryIds }, accountId: record.accountId })
        .select({ _id: 1 })
        .lean<{ _id: unknown }[]>();
      const kept = new Set(left.map((doc) => String(doc._id)));
      entryIds = entryIds.filter((id) => !kept.has(id));
    }
    if (entryIds.length) {
      await publishTrackingEntriesDeleted(
        nats,
        record.accountId,
        entryIds,
        record.deletedAt ?? new Date(),
      );
    }
  }

  const done = (async () => {
    let retryMs = MIN_RETRY_MS;
    while (!stopped) {
      woken = false;
      let record: OutboxRecord | null = null;
      try {
        record = await claimOutboxRecord(db, leaseMs);
        if (!record) {
          await idle(pollMs);
          continue;
        }
        await publish(record);
        await completeOutboxRecord(db, record);
        retryMs = MIN_RETRY_MS;
      } catch (error) {
        log.warn(
          { err: error, outboxRecord: record && String(record._id) },
          'outbox relay: publish failed; will retry',
        );
        if (record) {
          await releaseOutboxRecord(db, record, new Date(Date.now() + retryMs)).catch(
            () => undefined,
          );
        }
        await sleep(retryMs, undefined, { ref: false });
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      wake?.();
      await done;
    },
  };
}
