import type { BillingAccountDocument } from '../data/billing-account.model.js';
import type { BillingDeps } from '../deps.js';
import { askProvider, paymentsOf } from './payments-available.js';

/**
 * The account's billing record, made empty if billing never heard of it (a seller who reached
 * checkout before onboarding): with no trial and no subscription it stays closed until they pay.
 */
export async function billingAccountOf(
  deps: BillingDeps,
  accountId: string,
): Promise<BillingAccountDocument> {
  const now = deps.now();
  const account = await deps.accounts
    .findOneAndUpdate(
      { _id: accountId },
      {
        $setOnInsert: {
          email: null,
          selectedPlan: null,
          trialEnd: null,
          stripeCustomerId: null,
          subscription: null,
          consents: [],
          version: 0,
          pendingPublish: false,
          createdAt: now,
          updatedAt: now,
        },
      },
      { upsert: true, returnDocument: 'after' },
    )
    .lean<BillingAccountDocument>();
  if (!account) throw new Error(`billing account ${accountId} could not be made`);
  return account;
}

/** The account's Stripe customer, created the first time it is needed and kept. */
export async function stripeCustomerOf(
  deps: BillingDeps,
  account: BillingAccountDocument,
): Promise<string> {
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const payments = paymentsOf(deps);
  const created = await askProvider(deps, () =>
    payments.createCustomer(account._id, account.email),
  );
  // Two requests at once create one customer (Stripe's idempotency key); keep the first stored.
  const kept = await deps.accounts
    .findOneAndUpdate(
      { _id: account._id, stripeCustomerId: null },
      { $set: { stripeCustomerId: created, updatedAt: deps.now() } },
      { returnDocument: 'after' },
    )
    .lean<BillingAccountDocument>();
  if (kept?.stripeCustomerId) return kept.stripeCustomerId;
  const stored = await deps.accounts.findById(account._id).lean<BillingAccountDocument>();
  return stored?.stripeCustomerId ?? created;
}
