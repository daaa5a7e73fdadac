import { getBuyerTrackingLink } from '@onvelope/contracts';
import { requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import { signUnsubscribeToken } from '../domain/unsubscribe-token.js';

export interface LinkDeps {
  publicSiteUrl: string;
  unsubscribeSecret: string;
  unsubscribeMailto: string | undefined;
  nats: NatsConnection;
  askTimeoutMs: number;
}

const siteOf = (deps: Pick<LinkDeps, 'publicSiteUrl'>) => deps.publicSiteUrl.replace(/\/+$/, '');

/**
 * The public tracking page of an order. svc-orders signs a link to the order itself
 * (`/track?link=<token>`, the seller's secret is its own); until it answers
 * `orders.buyerTrackingLink`, the link opens the Quick Track form filled with the order number
 * and the buyer's address (the buyer adds the postcode), as the site header's Quick Track does.
 */
export async function trackingUrlOf(
  deps: LinkDeps,
  order: { accountId: string; entryId: string; orderNumber: string; email: string },
): Promise<string> {
  try {
    const { url } = await requestCommand(
      deps.nats,
      getBuyerTrackingLink,
      { accountId: order.accountId, entryId: order.entryId },
      deps.askTimeoutMs,
    );
    if (url.startsWith(`${siteOf(deps)}/`)) return url;
  } catch {
    // No answer (svc-orders does not serve it yet, or is away): the Quick Track form.
  }
  const query = new URLSearchParams({ order: order.orderNumber, email: order.email });
  return `${siteOf(deps)}/track?${query.toString()}`;
}

/**
 * The buyer portal (`/customer-dashboard`), where a buyer signed in with the address a mail went
 * to finds their queries and the seller's replies.
 */
export const buyerPortalUrlOf = (deps: Pick<LinkDeps, 'publicSiteUrl'>) =>
  `${siteOf(deps)}/customer-dashboard`;

/** The one-click unsubscribe address of a seller's mails to one buyer. */
export function unsubscribeUrlOf(
  deps: Pick<LinkDeps, 'publicSiteUrl' | 'unsubscribeSecret'>,
  claims: { accountId: string; email: string },
): string {
  const token = signUnsubscribeToken(deps.unsubscribeSecret, claims);
  return `${siteOf(deps)}/api/notify/unsubscribe/${token}`;
}

/** RFC 2369 + RFC 8058 headers of a buyer message. */
export function unsubscribeHeaders(
  deps: Pick<LinkDeps, 'unsubscribeMailto'>,
  unsubscribeUrl: string,
): Record<string, string> {
  const targets = [`<${unsubscribeUrl}>`];
  if (deps.unsubscribeMailto) {
    const token = unsubscribeUrl.slice(unsubscribeUrl.lastIndexOf('/') + 1);
    targets.push(`<mailto:${deps.unsubscribeMailto}?subject=unsubscribe%20${token}>`);
  }
  return {
    'List-Unsubscribe': targets.join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
