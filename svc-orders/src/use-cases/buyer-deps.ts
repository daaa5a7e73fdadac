import type { Connection } from 'mongoose';
import type { Logger } from '@onvelope/service-kit/observability';
import type { NatsConnection } from '@onvelope/service-kit/nats';
import type { OrdersConfig } from '../config.js';
import type { Estimator } from './delivery-estimates.js';
import { buyerAttemptCounters } from './limit-attempts.js';
import { claimModel } from '../data/claim.model.js';
import { orderQueryModel } from '../data/order-query.model.js';
import type { QueryNotices } from './query-notices.js';

/** What the buyer-facing use cases (lookup, links, queries, claims) work with. */
export interface BuyerDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  settings: BuyerSettings;
  now: () => Date;
  /** Gives the buyer's orders their delivery estimate. */
  estimator: Estimator;
  /**
   * Asks svc-notify to mail the seller (a buyer's query) and the buyer (a reply): svc-orders sends
   * no mail itself (issue 34).
   */
  notices: QueryNotices;
}

export interface BuyerSettings {
  /** Where the site's pages live, for the links in answers (signed tracking links). */
  publicSiteUrl: string;
  lookupMaxFailuresPerOrder: number;
  lookupMaxFailuresPerIp: number;
  queryMaxPerIp: number;
  /** How long to wait for svc-auth (seller names, buyer addresses). */
  authTimeoutMs: number;
}

/**
 * Builds the buyer side's dependencies from the service's configuration and makes its indexes
 * (the service kit turns lazy index building off).
 */
export async function prepareBuyerDeps(context: {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  config: OrdersConfig;
  estimator: Estimator;
  notices: QueryNotices;
}): Promise<BuyerDeps> {
  const { db, nats, log, config, estimator, notices } = context;
  await Promise.all(
    [orderQueryModel(db), claimModel(db), buyerAttemptCounters(db).model].map((model) =>
      model.syncIndexes(),
    ),
  );
  return {
    db,
    nats,
    log,
    now: () => new Date(),
    estimator,
    notices,
    settings: {
      publicSiteUrl: config.PUBLIC_SITE_URL,
      lookupMaxFailuresPerOrder: config.LOOKUP_MAX_FAILURES_PER_ORDER,
      lookupMaxFailuresPerIp: config.LOOKUP_MAX_FAILURES_PER_IP,
      queryMaxPerIp: config.QUERY_MAX_PER_IP,
      authTimeoutMs: config.AUTH_COMMAND_TIMEOUT_MS,
    },
  };
}
