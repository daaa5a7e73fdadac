import { forAccount, isDuplicateKeyError } from '@onvelope/service-kit';
import type { SuppressionDocument, SuppressionModel } from '../data/suppression.model.js';

/** Whether the seller's mails may no longer go to the address. */
export async function isSuppressed(
  model: SuppressionModel,
  accountId: string,
  email: string,
): Promise<boolean> {
  return (await forAccount(model, accountId).countDocuments({ email: email.toLowerCase() })) > 0;
}

/** Stops the seller's mails to the address; the first reason recorded stays. */
export async function suppress(
  model: SuppressionModel,
  entry: Omit<SuppressionDocument, 'createdAt'>,
  now: Date,
): Promise<void> {
  await model
    .create({ ...entry, email: entry.email.toLowerCase(), createdAt: now })
    .catch((error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
    });
}
