import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import type { RollupModel } from '../data/rollup.model.js';
import {
  REFRESH_SPACING,
  RefreshHeldElsewhere,
  type RollupRefresherOptions,
} from './rollup-refresher.js';

type Refresh = RollupRefresherOptions['refresh'];

/**
 * How long a replica holds a seller's refresh: well past the longest refresh measured (about 13 s
 * for a seller of 100,000 orders), and short enough that a replica that died holds up nobody long.
 */
export const REFRESH_LEASE_MS = 60_000;

/**
 * `refresh`, run only while holding the seller's refresh lease, kept on their rollup document
 * (issue 40). Every replica consumes a share of a seller's changes and sweeps for stale rollups, so
 * without it each replica would recompute the same seller at once, and the bound `REFRESH_SPACING`
 * puts on the database time a seller's refreshes take would grow with the replicas. The lease is
 * held for `REFRESH_SPACING` times the refresh's duration after it, as the refresher spaces its
 * own; while another replica holds it, the refresh throws `RefreshHeldElsewhere` and reads nothing.
 */
export function leasedRefresh(
  rollups: RollupModel,
  refresh: Refresh,
  leaseMs = REFRESH_LEASE_MS,
): Refresh {
  return async (accountId, signal) => {
    const holder = randomUUID();
    const started = Date.now();
    try {
      await rollups.updateOne(
        {
          _id: accountId,
          $or: [{ refreshHeldUntil: null }, { refreshHeldUntil: { $lte: new Date(started) } }],
        },
        { $set: { refreshHolder: holder, refreshHeldUntil: new Date(started + leaseMs) } },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // The seller's document exists and is held: the upsert's insert collided with it. While the
      // other replica's refresh runs, its end is unknown: the refresher asks again after its settle.
      const held = await rollups
        .findById(accountId)
        .select({ refreshHolder: 1, refreshHeldUntil: 1 })
        .lean();
      const spacedUntil = held?.refreshHolder ? null : held?.refreshHeldUntil;
      throw new RefreshHeldElsewhere(accountId, spacedUntil ?? new Date());
    }
    try {
      await refresh(accountId, signal);
    } finally {
      const ended = Date.now();
      const spacedUntil = new Date(ended + REFRESH_SPACING * (ended - started));
      // Should the release fail (the database away), the lease ends by itself.
      await rollups
        .updateOne(
          { _id: accountId, refreshHolder: holder },
          { $set: { refreshHolder: null, refreshHeldUntil: spacedUntil } },
        )
        .catch(() => undefined);
    }
  };
}
