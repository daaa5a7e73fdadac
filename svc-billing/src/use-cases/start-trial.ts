import type { startTrial as startTrialCommand, RequestOf, ReplyOf } from '@onvelope/contracts';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import { storedConsentOf, type BillingAccountDocument } from '../data/billing-account.model.js';
import type { BillingDeps } from '../deps.js';
import { trialEndFrom } from '../domain/trial.js';
import { publishBillingState } from './billing-state.js';

type StartTrial = RequestOf<typeof startTrialCommand>;

/**
 * Starts an account's free trial when its seller finishes onboarding (svc-auth asks), keeping the
 * consent given there. A trial starts once: asking again answers the trial already running, and a
 * trial never starts for an account that already has billing (it keeps what it has).
 */
export async function startTrial(
  deps: BillingDeps,
  request: StartTrial,
): Promise<ReplyOf<typeof startTrialCommand>> {
  const now = deps.now();
  const { requestIp, ...given } = request.consent;
  const consent = storedConsentOf(given, {
    requestIp,
    recordedAt: now,
    givenAt: 'onboarding',
    checkoutSessionId: null,
  });
  const fresh: BillingAccountDocument = {
    _id: request.accountId,
    email: request.email,
    selectedPlan: request.selectedPlan,
    trialEnd: trialEndFrom(now, deps.trialLengthMs),
    stripeCustomerId: null,
    subscription: null,
    consents: [consent],
    version: 1,
    pendingPublish: true,
    createdAt: now,
    updatedAt: now,
  };
  let account: BillingAccountDocument;
  try {
    account = (await deps.accounts.create(fresh)).toObject();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    account = await trialOnExistingAccount(deps, fresh);
  }
  if (account.pendingPublish) await publishBillingState(deps, account);
  if (!account.trialEnd) throw new Error(`billing account ${account._id} has no trial`);
  return { trialEnd: account.trialEnd.toISOString() };
}

/** An account billing already knows (a checkout before onboarding): it gets the trial if it had none. */
async function trialOnExistingAccount(
  deps: BillingDeps,
  fresh: BillingAccountDocument,
): Promise<BillingAccountDocument> {
  const started = await deps.accounts
    .findOneAndUpdate(
      { _id: fresh._id, trialEnd: null },
      {
        $set: {
          trialEnd: fresh.trialEnd,
          selectedPlan: fresh.selectedPlan,
          email: fresh.email,
          pendingPublish: true,
          updatedAt: fresh.updatedAt,
        },
        $push: { consents: { $each: fresh.consents } },
        $inc: { version: 1 },
      },
      { returnDocument: 'after' },
    )
    .lean<BillingAccountDocument>();
  if (started) return started;
  const existing = await deps.accounts.findById(fresh._id).lean<BillingAccountDocument>();
  if (!existing) throw new Error(`billing account ${fresh._id} vanished`);
  return existing;
}
