import type { Connection } from 'mongoose';
import { continueStoredTrace, type Logger } from '@onvelope/service-kit/observability';
import { type NatsConnection } from '@onvelope/service-kit/nats';
import { startOutboxRelay, type OutboxRelay } from '@onvelope/service-kit/outbox';
import { type ForegroundCalls } from '@onvelope/service-kit/work';
import {
  claimOutboxRecord,
  completeOutboxRecord,
  onOutboxReady,
  outboxBacklog,
  releaseOutboxRecord,
  takeHeldChanges,
  type OutboxRecord,
} from '../data/tracking-entry-outbox.js';
import { entriesWithOrderKeys } from '../data/tracking-entry-writes.js';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import { changeOf } from '../data/tracking-entry-change.js';
import {
  publishTrackingEntriesDeleted,
  publishTrackingEntriesUpserted,
} from './tracking-entry-events.js';

export interface RelayOptions {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  /** The service's calls, which the relay gives way to before each record. */
  foreground: Pick<ForegroundCalls, 'givingWay'>;
  /** How often the outbox is looked at when nothing wakes the relay (other replicas, lost writers). */
  pollMs?: number;
  /** How long a claimed record is this relay's before another replica may take it over. */
  leaseMs?: number;
}

/**
 * Publishes the tracking-entry outbox until it is empty, whenever a writer settles a record (and on
 * the service kit's outbox relay's other occasions: start, NATS back, every `pollMs`): records are
 * claimed one at a time, oldest first, with a lease, so replicas share the work and the changes of
 * an entry go out in the order they were made. An upsert goes out as its writer in this process
 * handed its changes over; a record whose writer was lost, or that comes without them (another
 * replica's), is published as its entries are stored now. A record whose publish failed (NATS
 * down) is offered again at once and, being the oldest, is published before anything later, after
 * the relay's pause; JetStream's message ids and the consumers' version checks absorb a publish
 * made twice.
 */
export function startTrackingEntryRelay({
  db,
  nats,
  log,
  foreground,
  pollMs = 1_000,
  leaseMs = 30_000,
}: RelayOptions): Pick<OutboxRelay, 'stop'> {
  const model = trackingEntryModel(db);

  async function publish(record: OutboxRecord) {
    if (record.kind === 'upserted') {
      const changes =
        takeHeldChanges(db, record) ??
        (await entriesWithOrderKeys(model, record.accountId, record.orderKeys)).map(changeOf);
      if (changes.length) {
        await publishTrackingEntriesUpserted(nats, record.accountId, changes, String(record._id));
      }
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

  async function publishOutbox({ signal }: { signal: AbortSignal }) {
    const giveWay = foreground.givingWay({ signal });
    while (!signal.aborted) {
      await giveWay();
      if (signal.aborted) return;
      const record = await claimOutboxRecord(db, leaseMs);
      if (!record) return;
      try {
        // In the writer's trace: one trace from the call that changed the entries to their consumers.
        await continueStoredTrace(record.traceparent ?? undefined, () => publish(record));
      } catch (error) {
        // Should the release fail too, the claim's lease ends and the record is taken again then.
        await releaseOutboxRecord(db, record).catch(() => undefined);
        throw new Error(`outbox record ${String(record._id)} not published`, { cause: error });
      }
      await completeOutboxRecord(db, record);
    }
  }

  const relay = startOutboxRelay({
    name: 'tracking-entry outbox',
    publishPending: publishOutbox,
    backlog: () => outboxBacklog(db),
    nats,
    log,
    everyMs: pollMs,
  });
  const unsubscribe = onOutboxReady(db, relay.kick);
  return {
    async stop() {
      unsubscribe();
      await relay.stop();
    },
  };
}
