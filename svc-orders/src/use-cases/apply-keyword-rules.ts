import type { Connection } from 'mongoose';
import type { Logger } from '@onvelope/service-kit/observability';
import type { NatsConnection } from '@onvelope/service-kit/nats';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import { nextStatusOf, storedStatusOf } from '../data/tracking-entry-status.js';
import {
  trackingEntryWrites,
  type EntryFields,
  type EntryWrite,
} from '../data/tracking-entry-writes.js';
import {
  sameStoredValue,
  shippedStatuses,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { evaluateKeywordRules, layerRuleOutcome, ruleSubjectOf } from '../domain/keyword-rules.js';

const BATCH_SIZE = 500;

/** Orders the rules no longer touch: shipped, delivered and cancelled orders are settled. */
export const settledStatuses = [...shippedStatuses, 'cancelled'] as const;

export interface ApplyRulesDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
}

/**
 * What of an unsettled order the rules decide (and the job reads). The fields rule conditions test
 * are optional so that a reader that selects only the Items still type-checks; an absent one reads
 * as no value (`RuleSubject`).
 */
export type RuleTouchedEntry = Pick<
  TrackingEntryDocument,
  'status' | 'shippedAt' | 'statusRule' | 'keywordMessage' | 'keywordExplanation' | 'items'
> &
  Partial<
    Pick<
      TrackingEntryDocument,
      | 'productName'
      | 'firstName'
      | 'lastName'
      | 'customerName'
      | 'email'
      | 'shippingCountry'
      | 'courier'
      | 'orderTotal'
    >
  >;

/**
 * What the rules make of one order, or null when they change nothing: the keyword message and
 * explanation (which belong to the rules: when none matches any more, they go) and the status,
 * shipped date and deciding rule by `nextStatusOf`, as an import would. The apply job writes it;
 * the preview counts it, so the two never disagree.
 *
 * `layered`: the rules are some of the seller's, applied on their own (one rule applied to chosen
 * orders): an order none of them matches is left as it is, and the messages the others gave it
 * stay (`layerRuleOutcome`).
 */
export function ruleChangesTo(
  entry: RuleTouchedEntry,
  rules: Awaited<ReturnType<typeof keywordRulesOf>>,
  now: Date,
  { layered = false }: { layered?: boolean } = {},
): EntryFields | null {
  const evaluated = evaluateKeywordRules(rules, ruleSubjectOf(entry), now);
  if (layered && !evaluated.appliedRules.length) return null;
  const outcome = layered ? layerRuleOutcome(entry, evaluated) : evaluated;
  const next = nextStatusOf(storedStatusOf(entry), {
    source: 'rules',
    status: null,
    rules: outcome,
    now,
  });
  const set: EntryFields = {
    keywordMessage: outcome.message,
    keywordExplanation: outcome.explanation,
    status: next.status,
    shippedAt: next.shippedAt,
    statusRule: next.statusRule,
  };
  const current = { ...entry, statusRule: storedStatusOf(entry).statusRule };
  const unchanged = Object.entries(set).every(([field, value]) =>
    sameStoredValue(value, current[field as keyof typeof current]),
  );
  return unchanged ? null : set;
}

export interface ApplyProgress {
  examined: number;
  changed: number;
}

/** The seller's orders the rules may still change (not shipped, delivered or cancelled). */
export const unsettledOrders = { status: { $nin: settledStatuses } };

/**
 * Applies the seller's saved rules to every one of their unshipped orders, as an import would:
 * reads the orders in creation order in batches, writes each batch with one bulk write (a change
 * lands only if the order was not changed meanwhile), and announces each changed order. Reports
 * its progress after each batch of orders read; answers what it did and the message to show.
 */
export async function applyKeywordRules(
  { db, log }: ApplyRulesDeps,
  accountId: string,
  onProgress: (progress: ApplyProgress) => Promise<void>,
  now = new Date(),
): Promise<ApplyProgress & { message: string }> {
  const rules = await keywordRulesOf(db, accountId);
  const entries = trackingEntryWrites(trackingEntryModel(db), accountId, 'rule');
  // Sorted on createdAt, which this job never changes, so no order is read twice.
  const cursor = entries.scoped
    .find(unsettledOrders)
    .select({ searchText: 0, merchant: 0 })
    .sort({ createdAt: 1, _id: 1 })
    .lean<TrackingEntryDocument[]>()
    .cursor({ batchSize: BATCH_SIZE });

  let examined = 0;
  let changed = 0;
  let batch: EntryWrite[] = [];

  // Each write lands only if the order was not changed meanwhile (an import, a shipment): the
  // rules are applied again on its next change anyway.
  const flush = async () => {
    if (!batch.length) return;
    const writes = batch;
    batch = [];
    const { failed, stored } = await entries.writeBatch(writes, now);
    for (const [write, reason] of failed) {
      log.warn({ accountId, orderNumber: write.orderNumber, reason }, 'keyword rules not applied');
    }
    changed += stored;
  };

  try {
    for await (const entry of cursor) {
      examined += 1;
      const set = ruleChangesTo(entry, rules, now);
      if (set) batch.push(entries.updateIfUnchanged(entry, set, now));
      if (batch.length >= BATCH_SIZE) await flush();
      if (examined % BATCH_SIZE === 0) await onProgress({ examined, changed });
    }
    await flush();
  } finally {
    await cursor.close();
  }

  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return {
    examined,
    changed,
    message: `Applied ${plural(rules.length, 'keyword rule')} to ${plural(examined, 'unshipped order')}: ${changed} changed.`,
  };
}
