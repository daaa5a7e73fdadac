import { notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { RuleApplyJob } from '@onvelope/contracts';
import {
  ruleApplyJobModel,
  toRuleApplyJob,
  type RuleApplyJobDocument,
} from '../data/rule-apply-job.model.js';
import { trackingEntryModel } from '../data/tracking-entry.model.js';
import { accountJobRunner } from './account-jobs.js';
import { applyKeywordRules, unsettledOrders, type ApplyRulesDeps } from './apply-keyword-rules.js';

export { STALE_JOB_MS } from './account-jobs.js';

export const ruleApplyMessages = {
  notFound: 'Rule application not found',
  failed: 'Applying the rules failed; please apply them again',
  stopped: 'Applying the rules stopped before the end; please apply them again',
} as const;

/**
 * POST /api/keyword-rules/apply: starts applying the seller's rules to their unshipped orders in
 * the background and answers the job at once; the job reports its progress as it goes. While a job
 * runs for the seller, asking again answers that job (one at a time, across instances); a running
 * job that stopped reporting is marked stopped and a new one starts (applying is not resumed: it
 * starts from the first order, and each write is guarded, so applying again is safe).
 */
export async function startRuleApplyJob(
  deps: ApplyRulesDeps,
  accountId: string,
  now: () => Date = () => new Date(),
): Promise<RuleApplyJob> {
  const jobs = accountJobRunner<RuleApplyJobDocument>({
    name: 'applying keyword rules',
    model: ruleApplyJobModel(deps.db),
    log: deps.log,
    failedMessage: ruleApplyMessages.failed,
    work: (job, lease) =>
      applyKeywordRules(
        deps,
        job.accountId,
        (progress) => lease.record({ $set: { ...progress } }),
        now(),
      ),
  });
  await jobs.failStale(accountId, ruleApplyMessages.stopped);
  const total = await forAccount(trackingEntryModel(deps.db), accountId).countDocuments(
    unsettledOrders,
  );
  const { job } = await jobs.start(accountId, { total });
  return toRuleApplyJob(job);
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
