import type { Connection } from 'mongoose';
import type { DeliveryEstimateRule, TrackingEntry } from '@onvelope/contracts';
import type { Logger } from '@onvelope/service-kit/observability';
import type { NatsConnection } from '@onvelope/service-kit/nats';
import {
  deliveryEstimateRuleOf,
  saveDeliveryEstimateRuleOf,
} from '../data/delivery-estimate-rule.model.js';
import { estimateDelivery } from '../domain/delivery-estimate.js';
import { sellerCountryOf } from './seller-profiles.js';

/** Gives orders their delivery estimate (issue 33) as they are shown to sellers and buyers. */
export interface Estimator {
  /** `entries` (of one seller or several) in their order, each with its `estimate`. */
  withEstimates<T extends TrackingEntry>(entries: T[]): Promise<T[]>;
  /** One entry with its `estimate`. */
  withEstimate<T extends TrackingEntry>(entry: T): Promise<T>;
  /**
   * What gives one seller's entries their estimate, once the seller's rule and country are read.
   * Asked for beside the query of the seller's entries, it costs them no round trip of their own
   * after it: read after, the entries stay in memory for as long as that read waits its turn at a
   * busy database.
   */
  forSeller(accountId: string): Promise<Estimate>;
}

/** Gives an entry of one seller its `estimate` (`Estimator.forSeller`). */
export type Estimate = <T extends TrackingEntry>(entry: T) => T;

export interface EstimatorDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  /** How long to wait for svc-auth's answer of the seller's country. */
  authTimeoutMs: number;
  now: () => Date;
}

// A seller's country changes rarely; asking svc-auth on every page of orders would cost a round
// trip a call. A change shows within this long.
const COUNTRY_TTL_MS = 60_000;
const COUNTRIES_KEPT = 10_000;

/**
 * @example
 * const estimator = createEstimator({ db, nats, log, authTimeoutMs: 2_000, now: () => new Date() });
 * const shown = await estimator.withEstimates(docs.map(toTrackingEntry));
 */
export function createEstimator(deps: EstimatorDeps): Estimator {
  const countries = new Map<string, { country: string | null; until: number }>();

  async function countryOf(accountId: string): Promise<string | null> {
    const now = Date.now();
    const known = countries.get(accountId);
    if (known && known.until > now) return known.country;
    const country = await sellerCountryOf(
      { nats: deps.nats, log: deps.log, timeoutMs: deps.authTimeoutMs },
      accountId,
    );
    if (countries.size >= COUNTRIES_KEPT) countries.clear();
    countries.set(accountId, { country, until: now + COUNTRY_TTL_MS });
    return country;
  }

  const estimator: Estimator = {
    async forSeller(accountId) {
      const [{ rule }, country] = await Promise.all([
        deliveryEstimateRuleOf(deps.db, accountId),
        countryOf(accountId),
      ]);
      const now = deps.now();
      return (entry) => ({ ...entry, estimate: estimateDelivery(entry, rule, country, now) });
    },
    async withEstimates(entries) {
      const accounts = [...new Set(entries.map((entry) => entry.accountId))];
      const estimates = new Map(
        await Promise.all(
          accounts.map(
            async (accountId) => [accountId, await estimator.forSeller(accountId)] as const,
          ),
        ),
      );
      return entries.map((entry) => estimates.get(entry.accountId)!(entry));
    },
    async withEstimate(entry) {
      const [estimated] = await estimator.withEstimates([entry]);
      return estimated ?? entry;
    },
  };
  return estimator;
}

/** The seller's rule as the account settings show it. */
export const getDeliveryEstimateRule = deliveryEstimateRuleOf;

/** Saves the seller's rule and answers it as stored. */
export async function saveDeliveryEstimateRule(
  db: Connection,
  accountId: string,
  rule: DeliveryEstimateRule,
) {
  await saveDeliveryEstimateRuleOf(db, accountId, rule);
  return deliveryEstimateRuleOf(db, accountId);
}
