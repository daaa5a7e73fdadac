import type { QueryFilter, Model } from 'mongoose';
import type {
  AttentionReason,
  needsAttentionQuery,
  needsAttentionResponse,
} from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import { toTrackingEntry, type TrackingEntryDocument } from '../data/tracking-entry.model.js';

type Query = z.infer<typeof needsAttentionQuery>;
type Answer = z.infer<typeof needsAttentionResponse>;

const DAY_MS = 24 * 60 * 60_000;

/** Orders still on their way: a delivered or cancelled order needs nothing more. */
const onItsWay = { status: { $in: ['shipped', 'partially_shipped'] } };

/**
 * What each reason means in the stored delivery record. EasyPost reports a failed attempt as
 * `in_transit` with the detail `delivery_exception`; quiet is no carrier news (or, for a shipment
 * the carrier never reported on, no shipment news) for `quietDays`.
 */
function reasonFilter(reason: AttentionReason, now: number, quietDays: number) {
  const quietSince = new Date(now - quietDays * DAY_MS);
  const filters: Record<AttentionReason, QueryFilter<TrackingEntryDocument>> = {
    exception: { carrierStatus: { $in: ['failure', 'error', 'cancelled'] } },
    failed_attempt: { carrierStatus: 'in_transit', 'delivery.statusDetail': 'delivery_exception' },
    returned: { carrierStatus: 'return_to_sender' },
    pickup: { carrierStatus: 'available_for_pickup' },
    quiet: {
      trackingNumber: { $ne: null },
      carrierStatus: { $nin: ['delivered', 'return_to_sender'] },
      $or: [
        { carrierUpdatedAt: { $lte: quietSince } },
        { carrierUpdatedAt: null, shippedAt: { $lte: quietSince } },
      ],
    },
  };
  return { ...onItsWay, ...filters[reason] };
}

const reasons: AttentionReason[] = ['exception', 'failed_attempt', 'returned', 'pickup', 'quiet'];

/**
 * The seller's shipments that need attention (issue 33): a count for every reason, and the
 * shipments of the reason asked for (or of all of them), the longest without news first.
 */
export async function findShipmentsNeedingAttention(
  model: Model<TrackingEntryDocument>,
  accountId: string,
  query: Query,
  now = Date.now(),
): Promise<Answer> {
  const scoped = forAccount(model, accountId);
  const counted = await Promise.all(
    reasons.map(async (reason) => [
      reason,
      await scoped.countDocuments(reasonFilter(reason, now, query.quietDays)),
    ]),
  );
  const shown = query.reason === 'all' ? reasons : [query.reason];
  const entries = await scoped
    .find({ $or: shown.map((reason) => reasonFilter(reason, now, query.quietDays)) })
    .sort({ carrierUpdatedAt: 1, shippedAt: 1, _id: 1 })
    .limit(query.limit)
    .lean<TrackingEntryDocument[]>();
  return {
    counts: Object.fromEntries(counted) as Answer['counts'],
    entries: entries.map(toTrackingEntry),
    quietDays: query.quietDays,
  };
}
