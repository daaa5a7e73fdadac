import { forAccount, insertUnlessHeld, notFound } from '@onvelope/service-kit';
import type { RuleApplyJob } from '@onvelope/contracts';
import {
  ruleApplyJobModel,
  toRuleApplyJob,
  type RuleApplyJobDocument,
} from '../data/rule-apply-job.model.js';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import { applyKeywordRules, unsettledOrders, type ApplyRulesDeps } from './apply-keyword-rules.js';

/** A running job that has not reported for this long lost its instance (a restart, a crash). */
export const STALE_JOB_MS = 2 * 60_000;

export const ruleApplyMessages = {
  notFound: 'Rule application not found',
  failed: 'Applying the rules failed; please apply them again',
  stopped: 'Applying the rules stopped before the end; please apply them again',
} as const;

/**
 * POST /api/keyword-rules/apply: starts applying the seller's rules to their unshipped orders in
 * the background and answers the job at once; the job reports its progress as it goes. While a job
 * runs for the seller, asking again answers that job (one at a time, across instances); a running
 * job that stopped reporting is marked stopped and a new one starts.
 */
export async function startRuleApplyJob(
  deps: ApplyRulesDeps,
  accountId: string,
  now: () => Date = () => new Date(),
): Promise<RuleApplyJob> {
  const jobs = ruleApplyJobModel(deps.db);
  await jobs.updateOne(
    { runningKey: accountId, updatedAt: { $lt: new Date(now().getTime() - STALE_JOB_MS) } },
    {
      $set: { status: 'failed', message: ruleApplyMessages.stopped, finishedAt: now() },
      $unset: { runningKey: 1 },
    },
  );
  const total = await forAccount(trackingEntryModel(deps.db), accountId).countDocuments(
    unsettledOrders,
  );
  const { record: job, inserted } = await insertUnlessHeld(
    async () =>
      (
        await jobs.create({ accountId, runningKey: accountId, status: 'running', total })
      ).toObject() as RuleApplyJobDocument,
    () => jobs.findOne({ runningKey: accountId }).lean<RuleApplyJobDocument>(),
  );
  if (inserted) void runJob(deps, job, now);
  return toRuleApplyJob(job);
}

/** Runs a job to its end, recording its progress and outcome; never throws. */
async function runJob(deps: ApplyRulesDeps, job: RuleApplyJobDocument, now: () => Date) {
  const jobs = ruleApplyJobModel(deps.db);
  const record = (set: Record<string, unknown>, finished: boolean) =>
    jobs.updateOne(
      { _id: job._id },
      finished ? { $set: set, $unset: { runningKey: 1 } } : { $set: set },
    );
  try {
    const outcome = await applyKeywordRules(
      deps,
      job.accountId,
      (progress) => record({ ...progress }, false).then(() => undefined),
      now(),
    );
    await record({ ...outcome, status: 'done', finishedAt: now() }, true);
  } catch (error) {
    deps.log.error({ err: error, accountId: job.accountId }, 'applying keyword rules failed');
    await record({ status: 'failed', message: ruleApplyMessages.failed, finishedAt: now() }, true)
      // Nothing more to do: the job will be seen as stopped once it is stale.
      .catch(() => undefined);
  }
}

/** GET /api/keyword-rules/apply/{jobId}: the seller's own job, else 404. */
export async function getRuleApplyJob(
  deps: Pick<ApplyRulesDeps, 'db'>,
  accountId: string,
  jobId: string,
): Promise<RuleApplyJob> {
  const job = /^[a-f0-9]{24}$/.test(jobId)
    ? await forAccount(ruleApplyJobModel(deps.db), accountId)
        .findById(jobId)
        .lean<RuleApplyJobDocument>()
    : null;
  if (!job) throw notFound(ruleApplyMessages.notFound);
  return toRuleApplyJob(job);
}
