import { suppressionReasons } from '@onvelope/contracts';
import { forAccount, isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import type { SuppressionDocument, SuppressionModel } from '../data/suppression.model.js';

/** Whether the seller's mails may no longer go to the address. */
export async function isSuppressed(
  model: SuppressionModel,
  accountId: string,
  email: string,
): Promise<boolean> {
  return (await forAccount(model, accountId).countDocuments({ email: email.toLowerCase() })) > 0;
}

/** Which of the addresses (lower case) the seller's mails may no longer go to: one read for all. */
export async function suppressedAmong(
  model: SuppressionModel,
  accountId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  const found = await forAccount(model, accountId)
    .find({ email: { $in: [...new Set(emails)] } })
    .select({ email: 1 })
    .lean();
  return new Set(found.map(({ email }) => email));
}

/**
 * How much a reason weighs: the buyer's own word (an unsubscribe, then a spam complaint) outweighs
 * a mail server's refusal, so a suppression shows it and lifts only as it may (`lift-suppression.ts`).
 */
const weightOf: Record<SuppressionDocument['reason'], number> = {
  refused: 0,
  bounced: 0,
  complaint: 1,
  unsubscribed: 2,
};

/**
 * Stops the seller's mails to the address. An address already suppressed keeps its reason unless
 * the new one weighs more (a buyer who complains or unsubscribes after a refusal).
 */
export async function suppress(
  model: SuppressionModel,
  entry: Omit<SuppressionDocument, 'createdAt'>,
  now: Date,
): Promise<void> {
  const email = entry.email.toLowerCase();
  const created = await model.create({ ...entry, email, createdAt: now }).then(
    () => true,
    (error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
      return false;
    },
  );
  if (created) return;
  const lighter = suppressionReasons.filter((reason) => weightOf[reason] < weightOf[entry.reason]);
  if (lighter.length === 0) return;
  await forAccount(model, entry.accountId).updateOne(
    { email, reason: { $in: lighter } },
    { $set: { reason: entry.reason, detail: entry.detail, createdAt: now } },
  );
}
