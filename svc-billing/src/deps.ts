import type { Connection } from 'mongoose';
import type { Logger } from '@onvelope/service-kit/observability';
import type { NatsConnection } from '@onvelope/service-kit/nats';
import type { OutboxRelay } from '@onvelope/service-kit/outbox';
import type { SellerNotices } from '@onvelope/service-kit/seller-notices';
import { billingAccountModel, type BillingAccountModel } from './data/billing-account.model.js';
import { checkoutSessionModel, type CheckoutSessionModel } from './data/checkout-session.model.js';
import { portalSessionModel, type PortalSessionModel } from './data/portal-session.model.js';
import { stripeEventModel, type StripeEventModel } from './data/stripe-event.model.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import type { PlanCatalogue } from './domain/plan-catalogue.js';

export interface BillingModels {
  accounts: BillingAccountModel;
  checkouts: CheckoutSessionModel;
  portals: PortalSessionModel;
  events: StripeEventModel;
}

export const billingModels = (db: Connection): BillingModels => ({
  accounts: billingAccountModel(db),
  checkouts: checkoutSessionModel(db),
  portals: portalSessionModel(db),
  events: stripeEventModel(db),
});

export interface BillingDeps extends BillingModels {
  nats: NatsConnection;
  /** Told when a billing state could not be published, so it is tried again without waiting. */
  billingStateRelay: Pick<OutboxRelay, 'kick'>;
  log: Logger;
  /** Asks svc-notify to mail the seller (stored once per notice id, published by its relay). */
  sellerNotices: Pick<SellerNotices, 'request'>;
  /** Null when payments are not configured: payment calls answer 503. */
  payments: PaymentProvider | null;
  catalogue: PlanCatalogue;
  graceDays: number;
  /** The free trial's length: the spec's 7 days, shorter only in end-to-end tests. */
  trialLengthMs: number;
  publicSiteUrl: string;
  now: () => Date;
}
