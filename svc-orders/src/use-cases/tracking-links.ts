import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { buyerMessages } from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit/errors';
import { forAccount, isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import { trackingEntryModel, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { trackingLinkSecretModel } from '../data/tracking-link-secret.model.js';
import {
  readTrackingLink,
  signTrackingLink,
  trackingLinkIsGenuine,
  trackingPageUrl,
} from '../domain/tracking-link.js';
import type { BuyerDeps, BuyerSettings } from './buyer-deps.js';

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * The seller's link secret, made on first use (the upsert makes one secret win a race). Every
 * buyer's lookup and tracking page asks for it, the calls a seller's book makes most of: it is read,
 * and written only the once it is missing.
 */
async function secretOf(deps: Pick<BuyerDeps, 'db' | 'now'>, accountId: string): Promise<string> {
  const secrets = trackingLinkSecretModel(deps.db);
  const existing = await secrets.findById(accountId, { secret: 1 }).lean();
  if (existing) return existing.secret;
  const upsert = () =>
    secrets
      .findOneAndUpdate(
        { _id: accountId },
        { $setOnInsert: { secret: newSecret(), createdAt: deps.now() } },
        { upsert: true, returnDocument: 'after' },
      )
      .lean();
  const stored = await upsert().catch((error: unknown) => {
    if (isDuplicateKeyError(error)) return upsert();
    throw error;
  });
  if (!stored) throw new Error(`no tracking link secret for ${accountId}`);
  return stored.secret;
}

/** The address of the order's tracking page, signed for it. */
export async function trackingLinkOf(
  deps: Pick<BuyerDeps, 'db' | 'now'> & { settings: Pick<BuyerSettings, 'publicSiteUrl'> },
  entry: Pick<TrackingEntryDocument, 'accountId' | '_id'>,
): Promise<string> {
  const secret = await secretOf(deps, entry.accountId);
  const token = signTrackingLink(secret, {
    accountId: entry.accountId,
    entryId: String(entry._id),
  });
  return trackingPageUrl(deps.settings.publicSiteUrl, token);
}

/** A seller copies the link of one of their orders. */
export async function createTrackingLink(
  deps: Pick<BuyerDeps, 'db' | 'now' | 'settings'>,
  accountId: string,
  orderNumber: string,
): Promise<{ url: string }> {
  const entry = await forAccount(trackingEntryModel(deps.db), accountId)
    .findOne({ orderNumber })
    .lean<TrackingEntryDocument>();
  if (!entry) throw notFound(`Order ${orderNumber} not found`);
  return { url: await trackingLinkOf(deps, entry) };
}

/**
 * The order a link names, if the link is genuine and the order still exists. Any other token,
 * tampered or signed with a replaced secret, is answered like an unknown order.
 */
export async function orderOfTrackingLink(
  deps: Pick<BuyerDeps, 'db'>,
  token: string,
): Promise<TrackingEntryDocument> {
  const read = readTrackingLink(token);
  if (!read || !mongoose.isValidObjectId(read.entryId)) throw notFound(buyerMessages.orderNotFound);
  const stored = await trackingLinkSecretModel(deps.db).findById(read.accountId).lean();
  if (!stored || !trackingLinkIsGenuine(stored.secret, read)) {
    throw notFound(buyerMessages.orderNotFound);
  }
  const entry = await forAccount(trackingEntryModel(deps.db), read.accountId)
    .findById(read.entryId)
    .lean<TrackingEntryDocument>();
  if (!entry) throw notFound(buyerMessages.orderNotFound);
  return entry;
}

/** A new secret for the seller: every link given out before stops working. */
export async function regenerateTrackingLinks(
  deps: Pick<BuyerDeps, 'db' | 'now'>,
  accountId: string,
): Promise<{ message: string }> {
  await trackingLinkSecretModel(deps.db).updateOne(
    { _id: accountId },
    { $set: { secret: newSecret(), createdAt: deps.now() } },
    { upsert: true },
  );
  return {
    message: 'Tracking links regenerated. Links copied before no longer open an order.',
  };
}
