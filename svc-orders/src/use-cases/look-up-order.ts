import type { BuyerOrder } from '@onvelope/contracts';
import { buyerMessages } from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit/errors';
import { toTrackingEntry, type TrackingEntryDocument } from '../data/tracking-entry.model.js';
import type { AttemptLimit } from '@onvelope/service-kit/mongo';
import { lookupMessages } from '../domain/attempt-limits.js';
import {
  normaliseEmail,
  normalisePostcode,
  orderNumberKey,
  type BuyerDetails,
} from '../domain/buyer-match.js';
import { toBuyerOrder } from '../domain/buyer-order.js';
import type { BuyerDeps } from './buyer-deps.js';
import { findBuyersOrder } from './find-buyers-order.js';
import { countAttempt, refuseWhenExhausted, type AttemptCheck } from './limit-attempts.js';
import { merchantOf } from './seller-profiles.js';
import { orderOfTrackingLink, trackingLinkOf } from './tracking-links.js';

export interface LookupAnswer {
  order: BuyerOrder;
  trackingLink: string;
}

const HOUR = 60 * 60_000;

/**
 * Failed attempts to name an order by email and postcode (lookups and claims): per order number
 * with the email given (someone guessing the postcode of a buyer they know), per order number with
 * the postcode given (guessing the email), and per client address (someone trying many orders).
 * The order keys name what the caller typed, never what is stored, so they lock nothing but
 * those guesses: the buyer of another seller's order with the same number, who types their own
 * email and postcode, is never refused for them, and a 429 says nothing about what exists.
 */
export function lookupChecks(
  settings: BuyerDeps['settings'],
  details: BuyerDetails & { orderNumber: string },
  ip: string,
): AttemptCheck[] {
  const perOrder: AttemptLimit = {
    name: 'lookup-order',
    max: settings.lookupMaxFailuresPerOrder,
    windowMs: HOUR,
  };
  const perIp: AttemptLimit = {
    name: 'lookup-ip',
    max: settings.lookupMaxFailuresPerIp,
    windowMs: HOUR / 4,
  };
  const order = orderNumberKey(details.orderNumber);
  return [
    { limit: perOrder, key: `${order}|email:${normaliseEmail(details.email) ?? ''}` },
    { limit: perOrder, key: `${order}|postcode:${normalisePostcode(details.postcode) ?? ''}` },
    { limit: perIp, key: ip },
  ];
}

/**
 * The order whose number, email and postcode the buyer gave, under the lookup limits: every
 * mismatch is the same 404 and counts as a failed attempt; once these guesses or the caller have
 * failed too often, 429 before anything is looked at.
 */
export async function findOrderByBuyerDetails(
  deps: BuyerDeps,
  details: BuyerDetails & { orderNumber: string },
  ip: string,
): Promise<TrackingEntryDocument> {
  const checks = lookupChecks(deps.settings, details, ip);
  await refuseWhenExhausted(deps, checks, lookupMessages.tooManyLookups);
  const entry = await findBuyersOrder(deps, details);
  if (!entry) {
    await countAttempt(deps, checks);
    throw notFound(buyerMessages.orderNotFound);
  }
  return entry;
}

/** The order as its buyer sees it, with the seller's name and a link back to it. */
export async function buyerAnswer(
  deps: BuyerDeps,
  entry: TrackingEntryDocument,
): Promise<LookupAnswer> {
  const [merchant, trackingLink, shown] = await Promise.all([
    merchantOf(deps, entry.accountId),
    trackingLinkOf(deps, entry),
    deps.estimator.withEstimate(toTrackingEntry(entry)),
  ]);
  return { order: toBuyerOrder(shown, merchant), trackingLink };
}

/** Spec 001 §7 POST /api/customer/lookup. */
export async function lookUpOrder(
  deps: BuyerDeps,
  details: BuyerDetails & { orderNumber: string },
  ip: string,
): Promise<LookupAnswer> {
  return buyerAnswer(deps, await findOrderByBuyerDetails(deps, details, ip));
}

/** The order behind a signed tracking link, answered like a lookup. */
export async function openTrackingLink(deps: BuyerDeps, token: string): Promise<LookupAnswer> {
  return buyerAnswer(deps, await orderOfTrackingLink(deps, token));
}
