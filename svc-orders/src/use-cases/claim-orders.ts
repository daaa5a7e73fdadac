import mongoose from 'mongoose';
import type { z } from 'zod';
import type {
  claimedOrder,
  claimOrderRequest,
  TrackingEntry,
  updateClaimRequest,
} from '@onvelope/contracts';
import { conflict, notFound } from '@onvelope/service-kit/errors';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import { claimModel, type ClaimDocument } from '../data/claim.model.js';
import {
  toTrackingEntry,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { orderNumberVariants } from '../domain/buyer-match.js';
import { toBuyerOrder, type Merchant } from '../domain/buyer-order.js';
import type { BuyerDeps } from './buyer-deps.js';
import { findOrderByBuyerDetails } from './look-up-order.js';
import { merchantOf, merchantsOf } from './seller-profiles.js';

type ClaimedOrder = z.infer<typeof claimedOrder>;

export const claimMessages = {
  claimed: 'Order claimed successfully!',
  alreadyClaimed: 'You have already claimed this order',
  notFound: 'Claimed order not found',
  updated: 'Order updated successfully!',
  // Spec 001 §8. A claim always shows the live order, so no re-claim is ever needed to see
  // updates; the words are the spec's.
  unclaimed: 'Order unclaimed successfully! You can now re-claim it to get updated data.',
} as const;

const blankToNull = (text: string | null | undefined) => (text ? text : null);

function toClaimedOrder(
  claim: ClaimDocument,
  entry: TrackingEntry,
  merchant: Merchant,
): ClaimedOrder {
  return {
    id: String(claim._id),
    nickname: claim.nickname,
    notes: claim.notes,
    claimedAt: claim.claimedAt.toISOString(),
    order: toBuyerOrder(entry, merchant),
  };
}

/**
 * Spec 001 §7 claim-order: the buyer proves the order is theirs like a lookup does (email,
 * postcode, number; the same limits and the same 404), and the claim links to the live order.
 */
export async function claimOrder(
  deps: BuyerDeps,
  customerId: string,
  request: z.infer<typeof claimOrderRequest>,
  ip: string,
): Promise<{ claim: ClaimedOrder; message: string }> {
  const entry = await findOrderByBuyerDetails(deps, request, ip);
  const claim = await claimModel(deps.db)
    .create({
      customerId,
      accountId: entry.accountId,
      entryId: String(entry._id),
      orderNumber: entry.orderNumber,
      nickname: blankToNull(request.nickname),
      notes: null,
      claimedAt: deps.now(),
    })
    .catch((error: unknown) => {
      if (isDuplicateKeyError(error)) throw conflict(claimMessages.alreadyClaimed);
      throw error;
    });
  const [merchant, shown] = await Promise.all([
    merchantOf(deps, entry.accountId),
    deps.estimator.withEstimate(toTrackingEntry(entry)),
  ]);
  return {
    claim: toClaimedOrder(claim.toObject(), shown, merchant),
    message: claimMessages.claimed,
  };
}

/**
 * Spec 001 §7 GET /api/customer/orders: the buyer's claims, newest first, each with the order as
 * it is now. A claim whose order the seller has deleted can never show anything again: it is
 * dropped here.
 */
export async function listClaimedOrders(
  deps: BuyerDeps,
  customerId: string,
): Promise<{ orders: ClaimedOrder[] }> {
  const claims = await claimModel(deps.db)
    .find({ customerId })
    .sort({ claimedAt: -1, _id: -1 })
    .lean<ClaimDocument[]>();
  const entries = await trackingEntryModel(deps.db)
    .find({ _id: { $in: claims.map((claim) => claim.entryId) } })
    .lean<TrackingEntryDocument[]>();
  const shown = await deps.estimator.withEstimates(entries.map(toTrackingEntry));
  const entryById = new Map(shown.map((entry) => [entry.id, entry]));
  const orphans = claims.filter((claim) => !entryById.has(claim.entryId));
  if (orphans.length) {
    await claimModel(deps.db).deleteMany({
      customerId,
      _id: { $in: orphans.map((claim) => claim._id) },
    });
  }
  const merchants = await merchantsOf(
    deps,
    shown.map((entry) => entry.accountId),
  );
  return {
    orders: claims.flatMap((claim) => {
      const entry = entryById.get(claim.entryId);
      return entry ? [toClaimedOrder(claim, entry, merchants.get(entry.accountId) ?? null)] : [];
    }),
  };
}

/** Spec 001 §6: a buyer changes only the nickname and notes of their own claims. */
export async function updateClaim(
  deps: BuyerDeps,
  customerId: string,
  id: string,
  changes: z.infer<typeof updateClaimRequest>,
): Promise<{ claim: ClaimedOrder; message: string }> {
  if (!mongoose.isValidObjectId(id)) throw notFound(claimMessages.notFound);
  const set: Partial<Pick<ClaimDocument, 'nickname' | 'notes'>> = {};
  if (changes.nickname !== undefined) set.nickname = blankToNull(changes.nickname);
  if (changes.notes !== undefined) set.notes = blankToNull(changes.notes);
  const claims = claimModel(deps.db);
  const claim = await (
    Object.keys(set).length
      ? claims.findOneAndUpdate({ _id: id, customerId }, { $set: set }, { returnDocument: 'after' })
      : claims.findOne({ _id: id, customerId })
  ).lean<ClaimDocument>();
  if (!claim) throw notFound(claimMessages.notFound);
  const entry = await trackingEntryModel(deps.db)
    .findById(claim.entryId)
    .lean<TrackingEntryDocument>();
  if (!entry) throw notFound(claimMessages.notFound);
  return {
    claim: toClaimedOrder(
      claim,
      await deps.estimator.withEstimate(toTrackingEntry(entry)),
      await merchantOf(deps, entry.accountId),
    ),
    message: claimMessages.updated,
  };
}

/**
 * How many orders the buyer has claimed (spec 001 §3 "Customer": orderCount): the claims whose
 * order still exists, as the portal lists them.
 */
export async function countClaimedOrders(
  deps: Pick<BuyerDeps, 'db'>,
  customerId: string,
): Promise<number> {
  const claims = await claimModel(deps.db)
    .find({ customerId })
    .select({ entryId: 1 })
    .lean<Pick<ClaimDocument, 'entryId'>[]>();
  if (!claims.length) return 0;
  return trackingEntryModel(deps.db).countDocuments({
    _id: { $in: claims.map((claim) => claim.entryId) },
  });
}

/**
 * Spec 001 §7 DELETE /api/customer/{orderNumber}/unclaim: removes the buyer's own claim on that
 * number ('1001' and '#1001' alike). Should the buyer hold claims on that number at two sellers,
 * both go: the call names no seller.
 */
export async function unclaimOrder(
  deps: Pick<BuyerDeps, 'db'>,
  customerId: string,
  orderNumber: string,
): Promise<{ message: string }> {
  const { deletedCount } = await claimModel(deps.db).deleteMany({
    customerId,
    orderNumber: { $in: orderNumberVariants(orderNumber) },
  });
  if (!deletedCount) throw notFound(claimMessages.notFound);
  return { message: claimMessages.unclaimed };
}
