import { createHash } from 'node:crypto';
import {
  MAX_ENTRIES_PER_EVENT,
  TRACKING_ENTRY_EVENT_VERSION,
  trackingEntryDeleted,
  trackingEntryUpserted,
} from '@onvelope/contracts';
import { ensureStream, publishEvent, type NatsConnection } from '@onvelope/service-kit/nats';
import type { TrackingEntryChange } from '../data/tracking-entry-change.js';

/** What one message may carry, well under NATS's 1 MB payload limit. */
const MAX_MESSAGE_BYTES = 512 * 1024;

/**
 * Publishes items in messages of at most `MAX_ENTRIES_PER_EVENT` items and about
 * `MAX_MESSAGE_BYTES` (by `bytesOf`, an upper bound of an item's encoded size), all at once.
 */
async function publishInChunks<T>(
  items: readonly T[],
  bytesOf: (item: T) => number,
  publish: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = bytesOf(item);
    if (
      chunk.length &&
      (chunk.length >= MAX_ENTRIES_PER_EVENT || bytes + size > MAX_MESSAGE_BYTES)
    ) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(item);
    bytes += size;
  }
  if (chunk.length) chunks.push(chunk);
  await Promise.all(chunks.map(publish));
}

// A change's fixed fields (ids, dates, numbers) take under 300 bytes of JSON and an item's under
// 100; texts count three bytes a character, UTF-8's most for them.
const textBytes = (...texts: (string | null | undefined)[]) =>
  3 * texts.reduce((total, text) => total + (text?.length ?? 0), 0);
const changeBytes = (change: TrackingEntryChange) =>
  300 +
  textBytes(
    change.orderNumber,
    change.status,
    change.shippingCountry,
    change.customerEmail,
    change.customerName,
    change.courier,
    change.trackingNumber,
  ) +
  (change.items ?? []).reduce(
    (total, item) => total + 100 + textBytes(item.name, item.imageUrl),
    0,
  );
const entryIdBytes = (entryId: string) => entryId.length + 3;

/** A message id that is the same for the same content, so JetStream drops a retried publish. */
const messageIdOf = (kind: string, keys: readonly string[]) =>
  `${kind}:${createHash('sha256').update(keys.join(',')).digest('base64url')}`;

/**
 * Publishes that entries of one account changed, up to `MAX_ENTRIES_PER_EVENT` to a message, as
 * the outbox record `recordId` announces them. The message id comes from the record and the
 * entries' versions (each change of an entry has its own version), so a retried publish of the
 * record is dropped by JetStream. Another record may carry the same versions (a relay without its
 * writer's changes publishes its entries as stored, a later write's change too): its message is not
 * dropped, so the later write's trace reaches the consumers as well, which compare versions and
 * ignore what they have already seen.
 */
export async function publishTrackingEntriesUpserted(
  nats: NatsConnection,
  accountId: string,
  changes: readonly TrackingEntryChange[],
  recordId: string,
): Promise<void> {
  await publishInChunks(changes, changeBytes, (chunk) =>
    publishEvent(
      nats,
      trackingEntryUpserted,
      { eventVersion: TRACKING_ENTRY_EVENT_VERSION, accountId, changes: chunk },
      messageIdOf('upserted', [
        recordId,
        ...chunk.map((change) => `${change.entryId}:${change.version}`),
      ]),
    ),
  );
}

/** Publishes that entries of one account were deleted; an entry is deleted once. */
export async function publishTrackingEntriesDeleted(
  nats: NatsConnection,
  accountId: string,
  entryIds: readonly string[],
  deletedAt: Date,
): Promise<void> {
  await publishInChunks(entryIds, entryIdBytes, (chunk) =>
    publishEvent(
      nats,
      trackingEntryDeleted,
      { accountId, entryIds: chunk, deletedAt: deletedAt.toISOString() },
      messageIdOf('deleted', chunk),
    ),
  );
}

export const ensureOrdersStream = (nats: NatsConnection) =>
  ensureStream(nats, trackingEntryUpserted.stream);
