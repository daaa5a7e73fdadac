import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  ordersStream,
  trackingEntryDeleted,
  trackingEntryUpserted,
  type EventContract,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { ensureStream, type NatsConnection } from '@onvelope/service-kit/nats';
import type { z } from 'zod';
import { tallyModels } from '../data/tally.model.js';
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

/** Applies one stored event; answers its account, or undefined for one that breaks its contract. */
async function apply<T extends z.ZodType<{ accountId: string }>>(
  event: EventContract<T>,
  data: Uint8Array,
  handle: (payload: z.infer<T>) => Promise<unknown>,
): Promise<string | undefined> {
  const parsed = event.payload.safeParse(JSON.parse(decoder.decode(data)));
  if (!parsed.success) return undefined;
  await handle(parsed.data);
  return parsed.data.accountId;
}

/**
 * Rebuilds every fact and rollup from the orders stream, which keeps every event: the facts and
 * rollups (and the tallies they are made of) are emptied, the stream's changes and deletions are applied in the order they were
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
  const jsm = await jetstreamManager(nats);
  const subjects = [trackingEntryUpserted.subject, trackingEntryDeleted.subject];
  // The last event to replay: later messages of the stream's other subjects are not waited for.
  const lastSequences = await Promise.all(
    subjects.map((subject) =>
      jsm.streams
        .getMessage(ordersStream.name, { last_by_subj: subject })
        .then((message) => message?.seq ?? 0),
    ),
  );
  const lastSequence = Math.max(...lastSequences);
  const { state } = await jsm.streams.info(ordersStream.name);
  const { tallies, customerTallies, dayTallies } = tallyModels(facts.db);
  // Without tallies, each seller's refresh below counts theirs from the replayed facts.
  await Promise.all([
    facts.deleteMany({}),
    rollups.deleteMany({}),
    tallies.deleteMany({}),
    customerTallies.deleteMany({}),
    dayTallies.deleteMany({}),
  ]);

  const accounts = new Set<string>();
  let messages = 0;
  let skipped = 0;
  if (lastSequence > 0) {
    const consumer = await jetstream(nats).consumers.get(ordersStream.name, {
      filter_subjects: subjects,
    });
    const replay = await consumer.consume({ max_messages: 16 });
    for await (const message of replay) {
      messages += 1;
      const accountId =
        message.subject === trackingEntryUpserted.subject
          ? await apply(trackingEntryUpserted, message.data, (payload) =>
              recordTrackingEntryChanges(facts, payload),
            )
          : await apply(trackingEntryDeleted, message.data, (payload) =>
              forgetTrackingEntries(facts, payload),
            );
      if (accountId) accounts.add(accountId);
      else skipped += 1;
      if (messages % every === 0) progress(messages, state.messages);
      if (message.seq >= lastSequence) break;
    }
    replay.stop();
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
