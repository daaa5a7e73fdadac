import type { Connection } from 'mongoose';
import type { Logger, Mailer, NatsConnection } from '@onvelope/service-kit';

/** What the buyer-facing use cases (lookup, links, queries, claims) work with. */
export interface BuyerDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  mailer: Mailer;
  settings: BuyerSettings;
  now: () => Date;
}

export interface BuyerSettings {
  /** Where the site's pages live, for links in answers and emails. */
  publicSiteUrl: string;
  lookupMaxFailuresPerOrder: number;
  lookupMaxFailuresPerIp: number;
  queryMaxPerIp: number;
  /** How long to wait for svc-auth (seller names, buyer addresses). */
  authTimeoutMs: number;
}
