import type { Connection } from 'mongoose';
import {
  bulkMessages,
  parseTrackingList,
  type BulkJob,
  type BulkJobRequest,
  type BulkSelection,
  type bulkCountRequest,
  type bulkCountResponse,
  type bulkOutcomesQuery,
  type bulkOutcomesResponse,
} from '@onvelope/contracts';
import { conflict, notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import {
  bulkJobModel,
  bulkOutcomeModel,
  toBulkJob,
  type BulkJobDocument,
} from '../data/bulk-job.model.js';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import { entriesWithOrderKeys } from '../data/tracking-entry-writes.js';
import { orderKeyOf, trackingEntryModel } from '../data/tracking-entry.model.js';
import { ruleLabel, type KeywordRuleLike } from '../domain/keyword-rules.js';
import { accountJobRunner, type AccountJobRunner, type JobLease } from './account-jobs.js';
import {
  applyRuleAction,
  deleteAction,
  ruleDecisionOn,
  shipAction,
  type BulkBatchAction,
  type BulkOutcome,
} from './bulk-actions.js';
import {
  countSelection,
  newestMatchingId,
  nextBatchOf,
  type SelectionPosition,
} from './bulk-selection.js';
import type { MarkShippedDeps } from './mark-shipped.js';

/** How often an instance looks for bulk actions another one left (its lease ended). */
export const BULK_SWEEP_MS = 30_000;

export type BulkJobs = AccountJobRunner<BulkJobDocument>;

/** The seller's rule with this id, or null (deleted, another seller's, not an id). */
async function sellersRule(db: Connection, accountId: string, ruleId: string) {
  return (await keywordRulesOf(db, accountId)).find((rule) => rule.id === ruleId) ?? null;
}

async function actionOf(deps: MarkShippedDeps, job: BulkJobDocument): Promise<BulkBatchAction> {
  if (job.action === 'delete') return deleteAction(deps, job.accountId);
  if (job.action === 'apply_rule') {
    return applyRuleAction(
      deps,
      job.accountId,
      await sellersRule(deps.db, job.accountId, job.ruleId ?? ''),
    );
  }
  const trackingNumbers = new Map(
    (job.trackingNumbers ?? []).map((line) => [line.orderNumber ?? '', line.trackingNumber ?? '']),
  );
  return shipAction(deps, job.accountId, job.courier ?? '', trackingNumbers);
}

function endMessage(job: BulkJobDocument, done: number, skipped: number) {
  const orders = (n: number) => `${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}`;
  const did = {
    ship: `Shipped ${orders(done)}`,
    delete: `Deleted ${orders(done)}`,
    apply_rule: `Applied rule '${job.ruleName ?? ''}' to ${orders(done)}`,
  }[job.action];
  return `${did}${skipped ? `; ${skipped.toLocaleString('en-US')} skipped` : ''}.`;
}

/**
 * Works through a bulk action's selection a batch at a time, from where it stopped: the batch is
 * stored before the action reaches its orders, each order's outcome after, and the position and
 * counts move in one write once the batch is through. After a restart the stored batch is worked
 * on again: orders with an outcome are counted, not acted on twice; the others are acted on, and
 * one already as the action leaves it counts as done. Stops between batches when the instance stops.
 */
async function workOn(deps: MarkShippedDeps, job: BulkJobDocument, lease: JobLease) {
  const act = await actionOf(deps, job);
  const outcomes = bulkOutcomeModel(deps.db);
  let at: SelectionPosition = { position: job.position, resumeAfter: job.resumeAfter ?? null };
  let batch = job.batch;
  let inFlight = batch.length > 0;
  let done = job.done;
  let skipped = job.skipped;

  for (;;) {
    if (!batch.length) {
      if (lease.signal.aborted) return {};
      const next = await nextBatchOf(deps.db, job, at);
      if (!next.orderNumbers.length) break;
      ({ orderNumbers: batch, next: at } = next);
      inFlight = false;
      await lease.record({ $set: { batch, ...at } });
    }
    const settled = inFlight
      ? await outcomes
          .find({ jobId: job._id, orderNumber: { $in: batch } })
          .lean<{ orderNumber: string; outcome: BulkOutcome['outcome'] }[]>()
      : [];
    const known = new Set(settled.map((outcome) => outcome.orderNumber));
    const todo = batch.filter((orderNumber) => !known.has(orderNumber));
    const reached = (await act(todo, inFlight)).map((outcome, index) => ({
      ...outcome,
      orderNumber: todo[index] as string,
    }));
    if (reached.length) {
      await outcomes.insertMany(
        reached.map((outcome) => ({ ...outcome, jobId: job._id, accountId: job.accountId })),
      );
    }
    const all = [...settled, ...reached];
    const batchDone = all.filter((outcome) => outcome.outcome === 'done').length;
    done += batchDone;
    skipped += all.length - batchDone;
    await lease.record({
      $set: { batch: [] },
      $inc: { processed: all.length, done: batchDone, skipped: all.length - batchDone },
    });
    batch = [];
  }
  return { message: endMessage(job, done, skipped) };
}

/**
 * The bulk actions of this instance: resumes those another instance left (at start and every
 * `BULK_SWEEP_MS`) and stops between two batches, leaving its own for the next instance.
 */
export function startBulkJobs(deps: MarkShippedDeps, sweepMs = BULK_SWEEP_MS) {
  const jobs = accountJobRunner<BulkJobDocument>({
    name: 'bulk action',
    model: bulkJobModel(deps.db),
    log: deps.log,
    failedMessage: bulkMessages.failed,
    work: (job, lease) => workOn(deps, job, lease),
  });
  const sweep = () =>
    jobs.resumeStale().catch((error: unknown) => {
      deps.log.warn({ err: error }, 'bulk actions: could not look for stopped ones');
      return 0;
    });
  void sweep();
  const timer = setInterval(() => void sweep(), sweepMs);
  timer.unref();
  return {
    jobs,
    stop: async () => {
      clearInterval(timer);
      await jobs.stop();
    },
  };
}

/** The tracking numbers of a ship action: those typed per order and the pasted list's lines. */
function trackingNumbersOf(action: Extract<BulkJobRequest['action'], { kind: 'ship' }>) {
  const listed = action.trackingList ? parseTrackingList(action.trackingList).lines : [];
  const byOrder = new Map(
    [...(action.trackingNumbers ?? []), ...listed].map((line) => [line.orderNumber, line]),
  );
  return [...byOrder.values()];
}

/** The seller's rule, else 404: a bulk action names one of the seller's own rules. */
async function ruleToApply(db: Connection, accountId: string, ruleId: string) {
  const rule = await sellersRule(db, accountId, ruleId);
  if (!rule) throw notFound(bulkMessages.ruleNotFound);
  return rule;
}

/**
 * How many of the selected orders the rule would change now (`ruleDecisionOn`, as the job decides),
 * read a batch at a time as the job reads them, so memory stays flat however many are selected.
 */
async function countRuleChanges(
  db: Connection,
  accountId: string,
  selection: BulkSelection,
  rule: KeywordRuleLike,
) {
  const job = {
    accountId,
    ...(selection.kind === 'orders'
      ? { orderNumbers: [...new Set(selection.orderNumbers)] }
      : {
          filter: selection.filter,
          upTo: await newestMatchingId(db, accountId, selection.filter),
        }),
  };
  const model = trackingEntryModel(db);
  const now = new Date();
  let changes = 0;
  let at: SelectionPosition = { position: 0, resumeAfter: null };
  for (;;) {
    const { orderNumbers, next } = await nextBatchOf(db, job, at);
    if (!orderNumbers.length) return changes;
    const keys = orderNumbers.map((orderNumber) => orderKeyOf(accountId, orderNumber));
    for (const entry of await entriesWithOrderKeys(model, accountId, keys)) {
      if ('set' in ruleDecisionOn(entry, rule, now)) changes += 1;
    }
    at = next;
  }
}

/**
 * POST /api/upload/bulk-jobs/count: the confirmation's count, and with a rule how many of the
 * orders it would change; nothing changes.
 */
export async function countBulkSelection(
  db: Connection,
  accountId: string,
  { selection, ruleId }: z.output<typeof bulkCountRequest>,
): Promise<z.output<typeof bulkCountResponse>> {
  const rule = ruleId === undefined ? null : await ruleToApply(db, accountId, ruleId);
  const count = await countSelection(db, accountId, selection);
  if (!rule) return { count };
  return { count, changes: await countRuleChanges(db, accountId, selection, rule) };
}

/**
 * POST /api/upload/bulk-jobs: starts the action on the selection in the background and answers
 * the job at once. One bulk action runs at a time per seller: another meanwhile answers 409.
 * Matching orders are those stored when it starts (up to the newest): orders added later are left out.
 */
export async function startBulkJob(
  jobs: BulkJobs,
  db: Connection,
  accountId: string,
  { selection, action }: BulkJobRequest,
): Promise<BulkJob> {
  const orderNumbers = selection.kind === 'orders' ? [...new Set(selection.orderNumbers)] : null;
  const upTo =
    selection.kind === 'matching' ? await newestMatchingId(db, accountId, selection.filter) : null;
  const rule =
    action.kind === 'apply_rule' ? await ruleToApply(db, accountId, action.ruleId) : null;
  const { job, inserted } = await jobs.start(accountId, {
    action: action.kind,
    ...(action.kind === 'ship'
      ? { courier: action.courier, trackingNumbers: trackingNumbersOf(action) }
      : {}),
    ...(rule ? { ruleId: rule.id, ruleName: ruleLabel(rule) } : {}),
    ...(selection.kind === 'orders' ? { orderNumbers } : { filter: selection.filter, upTo }),
    total:
      orderNumbers?.length ?? (upTo ? await countSelection(db, accountId, selection, upTo) : 0),
  });
  if (!inserted) throw conflict(bulkMessages.alreadyRunning);
  return toBulkJob(job);
}

async function sellersJob(db: Connection, accountId: string, jobId: string) {
  const job = /^[a-f0-9]{24}$/.test(jobId)
    ? await forAccount(bulkJobModel(db), accountId).findById(jobId).lean<BulkJobDocument>()
    : null;
  if (!job) throw notFound(bulkMessages.notFound);
  return job;
}

/** GET /api/upload/bulk-jobs/{jobId}: the seller's own job, else 404. */
export async function getBulkJob(db: Connection, accountId: string, jobId: string) {
  return toBulkJob(await sellersJob(db, accountId, jobId));
}

/** GET /api/upload/bulk-jobs/{jobId}/outcomes: what the job did to each order, in the order reached. */
export async function listBulkOutcomes(
  db: Connection,
  accountId: string,
  jobId: string,
  query: z.output<typeof bulkOutcomesQuery>,
): Promise<z.output<typeof bulkOutcomesResponse>> {
  const job = await sellersJob(db, accountId, jobId);
  const outcomes = bulkOutcomeModel(db);
  // The job is the seller's (read on their account above), so its outcomes are theirs.
  const filter = {
    jobId: job._id,
    accountId,
    ...(query.outcome ? { outcome: query.outcome } : {}),
  };
  const [docs, total] = await Promise.all([
    outcomes
      .find(filter)
      .sort({ _id: 1 })
      .skip((query.page - 1) * query.limit)
      .limit(query.limit)
      .lean<{ orderNumber: string; outcome: BulkOutcome['outcome']; reason: string | null }[]>(),
    outcomes.countDocuments(filter),
  ]);
  return {
    outcomes: docs.map(({ orderNumber, outcome, reason }) => ({ orderNumber, outcome, reason })),
    total,
  };
}
