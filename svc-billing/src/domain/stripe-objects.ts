import { z } from 'zod';
import { stripeSubscriptionStatuses } from '@onvelope/contracts';

/**
 * The parts of Stripe's webhook objects svc-billing reads, parsed leniently (Stripe adds fields in
 * every API version; unknown ones pass). Ids may arrive expanded, so `idOf` takes both forms.
 */
const idOrObject = z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish();
export const idOf = (value: z.infer<typeof idOrObject>): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const metadata = z.record(z.string(), z.string()).nullish();

/**
 * A field read only for the seller's e-mail (amounts, attempt counts, dates): one Stripe sends in a
 * shape we do not expect reads as null rather than failing the event, whose state change matters more.
 */
const optionalInt = z.number().int().nonnegative().nullish().catch(null);

export const stripeCheckoutSession = z
  .object({
    id: z.string(),
    customer: idOrObject,
    subscription: idOrObject,
    client_reference_id: z.string().nullish(),
    metadata,
    mode: z.string().nullish(),
    payment_status: z.string().nullish(),
  })
  .loose();

// Since API version 2025-03-31 the period lives on the subscription items, before on the subscription.
const subscriptionItem = z
  .object({
    price: z.object({ id: z.string() }).loose().nullish(),
    current_period_end: z.number().int().nullish(),
  })
  .loose();

export const stripeSubscription = z
  .object({
    id: z.string(),
    customer: idOrObject,
    status: z.enum(stripeSubscriptionStatuses),
    cancel_at_period_end: z.boolean().nullish(),
    current_period_end: z.number().int().nullish(),
    trial_end: z.number().int().nullish(),
    /** When a subscription ended (epoch seconds); set once it is `canceled`. */
    ended_at: optionalInt,
    metadata,
    items: z
      .object({ data: z.array(subscriptionItem) })
      .loose()
      .nullish(),
  })
  .loose();
export type StripeSubscriptionObject = z.infer<typeof stripeSubscription>;

export const stripeInvoice = z
  .object({
    id: z.string().nullish(),
    customer: idOrObject,
    subscription: idOrObject,
    /** In the currency's minor unit (pence). */
    amount_due: optionalInt,
    currency: z.string().nullish().catch(null),
    /** How many times Stripe has tried to take the payment of this invoice, this one included. */
    attempt_count: optionalInt,
    parent: z
      .object({
        subscription_details: z.object({ subscription: idOrObject }).loose().nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose();

export type StripeInvoiceObject = z.infer<typeof stripeInvoice>;

/** The subscription an invoice belongs to, in either API version's place. */
export function invoiceSubscriptionId(invoice: StripeInvoiceObject): string | null {
  return idOf(invoice.subscription) ?? idOf(invoice.parent?.subscription_details?.subscription);
}

export const stripeEvent = z
  .object({
    id: z.string(),
    type: z.string(),
    created: z.number().int(),
    data: z.object({ object: z.unknown() }),
  })
  .loose();
export type StripeEventEnvelope = z.infer<typeof stripeEvent>;

/** The price and period end of a subscription, wherever the API version put them. */
export function subscriptionTerms(subscription: StripeSubscriptionObject): {
  priceId: string | null;
  currentPeriodEnd: Date | null;
} {
  const item = subscription.items?.data[0];
  const periodEnd = subscription.current_period_end ?? item?.current_period_end ?? null;
  return {
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: periodEnd === null ? null : new Date(periodEnd * 1000),
  };
}
