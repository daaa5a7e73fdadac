import type { NotificationMilestone, ProblemKind } from '@onvelope/contracts';
import { headerText } from './header-text.js';

/** One line of an order as a message lists it. */
export interface MessageItem {
  name: string;
  quantity: number;
}

/** What a message says of the order: a copy taken when the message was queued. */
export interface OrderSnapshot {
  orderNumber: string;
  customerName: string | null;
  courier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  estimatedDeliveryAt: Date | null;
  /** The first lines only (`ITEMS_SHOWN`); `itemCount` says how many the order has. */
  items: MessageItem[];
  itemCount: number;
}

/** Who the message is from, in the seller's own look. */
export interface SellerLook {
  storeName: string;
  timeZone: string;
  logoUrl: string | null;
  accentColor: string | null;
}

export interface MessageInput {
  milestone: NotificationMilestone;
  problem: ProblemKind | null;
  order: OrderSnapshot;
  seller: SellerLook;
  /** The order's page on the public site. */
  trackingUrl: string;
  /** The page that stops this seller's mails to this buyer (none in a seller's test). */
  unsubscribeUrl: string | null;
  itemsShown: number;
  /** A seller's test: the subject says so. */
  test?: boolean;
}

export interface MessageContent {
  subject: string;
  /** The line mail programs show after the subject (the preheader). */
  preview: string;
  storeName: string;
  logoUrl: string | null;
  accentColor: string;
  greeting: string;
  headline: string;
  paragraphs: string[];
  details: { label: string; value: string }[];
  items: MessageItem[];
  moreItems: number;
  trackingUrl: string;
  trackLabel: string;
  unsubscribeUrl: string | null;
}

export const DEFAULT_ACCENT = '#1f6feb';

/** `#1001` for 1001; an order number that starts with # keeps its own. */
export const orderLabel = (orderNumber: string) =>
  headerText(orderNumber.startsWith('#') ? orderNumber : `#${orderNumber}`, 60);

/** "Tuesday 3 December" in the seller's time zone (UTC when the zone is unknown). */
export function dayOf(date: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(date);
  }
}

const problemWords: Record<ProblemKind, { subject: string; headline: string; body: string[] }> = {
  failed_attempt: {
    subject: 'We could not deliver your order {order}',
    headline: 'The courier could not deliver your parcel',
    body: [
      'The courier tried to deliver your parcel but nobody could take it in.',
      'They usually try again on the next working day, or leave a card saying where to collect it. Follow the link below for the latest news.',
    ],
  },
  exception: {
    subject: 'A problem with the delivery of your order {order}',
    headline: 'There is a problem with your delivery',
    body: [
      'The courier has reported a problem with your parcel, so it may arrive later than expected.',
      'Follow the link below for the latest news. If you have a question, reply to this e-mail and {store} will help.',
    ],
  },
  returned: {
    subject: 'Your order {order} is being returned to {store}',
    headline: 'Your parcel is on its way back',
    body: [
      'The courier could not deliver your parcel and is returning it to {store}.',
      '{store} will be in touch about what happens next. You can also reply to this e-mail.',
    ],
  },
  awaiting_pickup: {
    subject: 'Your order {order} is ready to collect',
    headline: 'Your parcel is waiting for you',
    body: [
      'Your parcel is waiting for you at a collection point.',
      'Follow the link below to see where, and collect it soon: parcels that are not collected in time go back to the sender.',
    ],
  },
};

/**
 * The words and facts of one buyer message (pure: the template lays them out). Every value here
 * is text; the template escapes it. The subject is one header line (`headerText`).
 */
export function messageContent(input: MessageInput): MessageContent {
  const { order, seller, milestone } = input;
  const store = headerText(seller.storeName, 80) || 'the shop';
  const label = orderLabel(order.orderNumber);
  const fill = (text: string) => text.replaceAll('{order}', label).replaceAll('{store}', store);
  const courier = order.courier?.trim() || null;
  const eta =
    (milestone === 'shipped' || milestone === 'out_for_delivery') && order.estimatedDeliveryAt
      ? dayOf(order.estimatedDeliveryAt, seller.timeZone)
      : null;

  let subject: string;
  let headline: string;
  let paragraphs: string[];
  switch (milestone) {
    case 'shipped':
      subject = `Your order ${label} from ${store} is on its way`;
      headline = 'Your order is on its way';
      paragraphs = [
        courier ? `${store} has sent your order with ${courier}.` : `${store} has sent your order.`,
        'Follow the link below to see where your parcel is.',
      ];
      break;
    case 'out_for_delivery':
      subject = `Your order ${label} is out for delivery`;
      headline = 'Your parcel arrives today';
      paragraphs = [`Your parcel from ${store} is with the driver and should reach you today.`];
      break;
    case 'delivered':
      subject = `Your order ${label} has been delivered`;
      headline = 'Your parcel has been delivered';
      paragraphs = [
        order.deliveredAt
          ? `Your parcel from ${store} was delivered on ${dayOf(order.deliveredAt, seller.timeZone)}.`
          : `Your parcel from ${store} has been delivered.`,
        `If you cannot find it, reply to this e-mail and ${store} will help.`,
      ];
      break;
    case 'problem': {
      const words = problemWords[input.problem ?? 'exception'];
      subject = fill(words.subject);
      headline = words.headline;
      paragraphs = words.body.map(fill);
      break;
    }
  }

  const details = [
    { label: 'Order', value: label },
    ...(courier ? [{ label: 'Courier', value: courier }] : []),
    ...(order.trackingNumber?.trim()
      ? [{ label: 'Tracking number', value: order.trackingNumber.trim() }]
      : []),
    ...(eta ? [{ label: 'Estimated delivery', value: eta }] : []),
  ];
  const items = order.items.slice(0, input.itemsShown);
  const name = order.customerName?.trim();
  return {
    subject: headerText(`${input.test ? '[Test] ' : ''}${subject}`, 200),
    preview: paragraphs[0] ?? headline,
    storeName: store,
    logoUrl: seller.logoUrl,
    accentColor: seller.accentColor ?? DEFAULT_ACCENT,
    greeting: name ? `Hi ${name},` : 'Hello,',
    headline,
    paragraphs,
    details,
    items,
    moreItems: Math.max(0, order.itemCount - items.length),
    trackingUrl: input.trackingUrl,
    trackLabel: milestone === 'delivered' ? 'View your order' : 'Track your order',
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** The order a preview and a seller's test show. */
export function sampleOrder(now: Date): OrderSnapshot {
  const day = 86_400_000;
  return {
    orderNumber: '1001',
    customerName: 'Alex Example',
    courier: 'Royal Mail',
    trackingNumber: 'AB123456789GB',
    shippedAt: new Date(now.getTime() - day),
    deliveredAt: now,
    estimatedDeliveryAt: new Date(now.getTime() + 2 * day),
    items: [
      { name: 'Canvas tote bag', quantity: 2 },
      { name: 'Enamel mug', quantity: 1 },
      { name: 'Gift wrapping', quantity: 1 },
    ],
    itemCount: 3,
  };
}
