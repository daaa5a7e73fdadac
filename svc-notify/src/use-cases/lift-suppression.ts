import {
  isBuyersOwnSuppression,
  liftComplaintNeedsBuyerAsked,
  liftUnsubscribeNeedsBuyerAsked,
} from '@onvelope/contracts';
import { conflict, notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { SuppressionDocument, SuppressionModel } from '../data/suppression.model.js';

/**
 * The seller lets their mails go to a suppressed address again. A refusal lifts as asked (the
 * buyer fixed their mailbox; if it still refuses, it is suppressed again at the next refusal). A
 * buyer's own unsubscribe or spam complaint is the buyer's decision: it lifts only when the seller
 * states the buyer asked to hear from them again.
 */
export async function liftSuppression(
  model: SuppressionModel,
  accountId: string,
  request: { email: string; buyerAsked?: boolean | undefined },
): Promise<Pick<SuppressionDocument, 'email' | 'reason'>> {
  const mine = forAccount(model, accountId);
  const email = request.email.toLowerCase();
  const found = await mine.findOne({ email }).lean();
  if (!found) throw notFound(`${email} is not suppressed`);
  if (isBuyersOwnSuppression(found.reason) && request.buyerAsked !== true) {
    throw conflict(
      found.reason === 'complaint' ? liftComplaintNeedsBuyerAsked : liftUnsubscribeNeedsBuyerAsked,
    );
  }
  // The same document as read: the confirmation was for this reason, not one recorded meanwhile.
  const { deletedCount } = await mine.deleteOne({ _id: found._id, reason: found.reason });
  if (deletedCount === 0) throw notFound(`${email} is not suppressed`);
  return { email: found.email, reason: found.reason };
}
