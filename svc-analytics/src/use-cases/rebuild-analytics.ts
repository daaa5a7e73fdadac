import {
  ordersStream,
  trackingEntryDeleted,
  trackingEntryUpserted,
  type EventContract,
} from '@onvelope/contracts';
import { ensureStream, type Logger, type NatsConnection } from '@onvelope/service-kit';
import type { z } from 'zod';
import { forgetTrackingEntries } from './forget-tracking-entries.js';
import { recordTrackingEntryChanges } from './record-tracking-entry-changes.js';
import { refreshRollup, type RollupDeps } from './refresh-rollup.js';

export interface RebuildReport {
  messages: number;
  skipped: number;
  accounts: number;
  replayMs: number;
  rollupMs: number;
}

const decoder = new TextDecoder();

function parse<T extends z.ZodType>(event: EventContract<T>, data: Uint8Array) {
  const parsed = event.payload.safeParse(JSON.parse(decoder.decode(data)));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Rebuilds every fact and rollup from the orders stream, which keeps every event: the facts and
 * rollups are emptied, the stream's changes and deletions are applied in the order they were
 * published (one ordered consumer over both subjects), then each seller's rollup is computed.
 * For a new deployment, or after a fix to how facts or rollups are made. Safe beside running
 * instances: they write the same facts under the same version rules. Reports progress through
 * `progress` every `every` messages.
 */
export async function rebuildAnalytics(
  deps: RollupDeps & { nats: NatsConnection; log: Logger },
  progress: (done: number, total: number) => void = () => {},
  every = 100,
): Promise<RebuildReport> {
  const { facts, rollups, nats, log } = deps;
  const started = performance.now();
  await ensureStream(nats, ordersStream);
  const jsm = await nats.jetstreamManager();
  const { state } = await jsm.streams.info(ordersStream.name);
  await Promise.all([facts.deleteMany({}), rollups.deleteMany({})]);

  const accounts = new Set<string>();
  let messages = 0;
  let skipped = 0;
  if (state.messages > 0) {
    const consumer = await nats.jetstream().consumers.get(ordersStream.name, {
      filterSubjects: [trackingEntryUpserted.subject, trackingEntryDeleted.subject],
    });
    const lastSequence = state.last_seq;
    for (let sequence = 0; sequence < lastSequence;) {
      const batch = await consumer.fetch({ max_messages: 256, expires: 2_000 });
      let received = 0;
      for await (const message of batch) {
        received += 1;
        sequence = message.seq;
        messages += 1;
        if (message.subject === trackingEntryUpserted.subject) {
          const payload = parse(trackingEntryUpserted, message.data);
          if (payload) {
            await recordTrackingEntryChanges(facts, payload);
            accounts.add(payload.accountId);
          } else skipped += 1;
        } else {
          const payload = parse(trackingEntryDeleted, message.data);
          if (payload) {
            await forgetTrackingEntries(facts, payload);
            accounts.add(payload.accountId);
          } else skipped += 1;
        }
        if (messages % every === 0) progress(messages, state.messages);
        if (sequence >= lastSequence) break;
      }
      // Nothing left of the filtered subjects up to the last sequence (the rest were other subjects).
      if (!received) break;
    }
  }
  if (skipped) log.warn({ skipped }, 'events that break their contract were skipped');
  const replayed = performance.now();
  for (const accountId of accounts) await refreshRollup(deps, accountId);
  return {
    messages,
    skipped,
    accounts: accounts.size,
    replayMs: Math.round(replayed - started),
    rollupMs: Math.round(performance.now() - replayed),
  };
}
