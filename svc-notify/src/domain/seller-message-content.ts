import type { SellerNotice, SellerNoticeKind } from '@onvelope/contracts';
import { headerText } from './header-text.js';
import { dayOf } from './message-content.js';

/**
 * The words of the messages svc-notify sends the seller themselves (issue 34): one per kind of
 * `sellerNoticeRequested`, and the daily digest of buyers' queries. Pure: the template lays them
 * out and escapes every value; the subject is one header line (`headerText`). Buyers' names,
 * subjects and messages are untrusted text and only ever appear as text.
 */

/** Where the seller acts on each kind (shell's route table, spec 001 §2, §3 and spec 000 §1). */
export const sellerActionPaths: Record<SellerNoticeKind, string> = {
  // The Order Queries inbox is a panel of the dashboard (spec 000: "Order Queries" button).
  buyer_query: '/dashboard',
  trial_ending: '/pricing',
  // spec 001 §3 Pricing: `reason` shows the banner that says why.
  trial_ended: '/pricing?reason=trial_expired',
  // The card is changed in Stripe's portal, behind Manage billing in account settings' Billing.
  payment_failed: '/account-settings',
  subscription_cancelled: '/pricing?reason=subscription_cancelled',
  // The INTEGRATIONS tab of account settings, where the store is connected again.
  sync_failed: '/account-settings?tab=integrations',
  store_authorization_expired: '/account-settings?tab=integrations',
  webhook_endpoint_disabled: '/account-settings?tab=webhooks',
};

/** What the seller is shown of a buyer's query in a digest. */
export interface DigestQuery {
  orderNumber: string;
  customerName: string;
  subject: string;
  message: string;
  receivedAt: Date;
}

/** One query of a digest as listed. */
export interface DigestLine {
  heading: string;
  excerpt: string;
  receivedAt: string;
}

export interface SellerMessageContent {
  subject: string;
  preview: string;
  headline: string;
  paragraphs: string[];
  details: { label: string; value: string }[];
  /** A buyer's own words, line by line (a buyer's query). */
  quote: string[];
  /** A digest's queries, oldest first. */
  queries: DigestLine[];
  moreQueries: number;
  action: { label: string; url: string };
  /** Why the seller gets this message (there is no unsubscribe: it is their own account's mail). */
  why: string;
}

export interface SellerContext {
  timeZone: string;
  /** The account address the message goes to (named in the line that says why). */
  sellerEmail: string;
  /** `PUBLIC_SITE_URL`: the links to the seller's pages. */
  siteUrl: string;
}

/** Queries a digest lists before "and K more" (Gmail clips a message over 102 KB). */
export const DIGEST_QUERIES_SHOWN = 50;
const EXCERPT_LENGTH = 140;

const settingsPlace = 'Account settings, NOTIFICATIONS';
const accountWhy = (email: string) =>
  `You receive this e-mail because it is about your ONVELOPE account (${email}). ` +
  'Messages about your billing and your store connection are always sent.';

const linkOf = (context: SellerContext, path: string) =>
  `${context.siteUrl.replace(/\/+$/, '')}${path}`;

/** `#1001` for 1001 (an order number that starts with # keeps its own), one line. */
const orderLabel = (orderNumber: string) =>
  headerText(orderNumber.startsWith('#') ? orderNumber : `#${orderNumber}`, 60);

/** One line of untrusted text for the body (names, subjects): no line breaks, not too long. */
const oneLine = (text: string, max: number) => headerText(text, max);

/** The first words of a buyer's message, on one line. */
export function excerptOf(message: string, max = EXCERPT_LENGTH): string {
  return headerText(message, max);
}

/**
 * An amount in the currency's minor unit (as Stripe states it) in words: `£12.50`. The minor unit
 * is the currency's own (`Intl` knows that the yen has none); an unknown code is printed as given.
 *
 * @example moneyOf(1250, 'gbp') // '£12.50'
 */
export function moneyOf(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${headerText(code, 3)}`;
  }
}

/**
 * A line of a buyer's message as the body shows it: control characters and bidirectional
 * overrides dropped (they mean nothing in a message and could disguise it); tabs stay.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const HIDDEN_IN_BODY = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const bodyLine = (line: string) => line.replace(HIDDEN_IN_BODY, '').trimEnd();

/**
 * Someone's own words (a buyer's query, a seller's reply) as the lines a message quotes: hidden
 * characters dropped from each line, runs of empty lines made one, none before the first words.
 */
export function quotedLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map(bodyLine)
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''));
}

/** The message of one notice; its subject is one header line. */
export function sellerNoticeContent(
  notice: SellerNotice,
  context: SellerContext,
  requestedAt: Date,
): SellerMessageContent {
  const content = noticeWords(notice, context, requestedAt);
  return { ...content, subject: headerText(content.subject, 200) };
}

function noticeWords(
  notice: SellerNotice,
  context: SellerContext,
  requestedAt: Date,
): SellerMessageContent {
  const day = (iso: string) => dayOf(new Date(iso), context.timeZone);
  const action = (label: string) => ({
    label,
    url: linkOf(context, sellerActionPaths[notice.kind]),
  });
  const base = { details: [], quote: [], queries: [], moreQueries: 0 };
  const why = accountWhy(context.sellerEmail);
  const store = (name: string | null) => oneLine(name ?? '', 80) || 'your store';

  switch (notice.kind) {
    case 'buyer_query': {
      const order = orderLabel(notice.orderNumber);
      const name = oneLine(notice.customerName, 80) || 'A buyer';
      const subjectLine = oneLine(notice.subject, 120) || '(no subject)';
      return {
        ...base,
        subject: `New query about order ${order} from ${name}: ${subjectLine}`,
        preview: `${name} asked about order ${order}.`,
        headline: `A buyer asked about order ${order}`,
        paragraphs: [
          `${name} sent a query about order ${order} on ${dayOf(requestedAt, context.timeZone)}:`,
        ],
        details: [
          { label: 'Order', value: order },
          { label: 'From', value: `${name} (${oneLine(notice.customerEmail, 320)})` },
          { label: 'Subject', value: subjectLine },
        ],
        quote: quotedLines(notice.message),
        action: action('Answer in Order Queries'),
        why:
          'You receive this e-mail because a buyer sent a query through your order tracking ' +
          `page, and your settings send each query at once. You can choose one daily digest ` +
          `instead in ${settingsPlace}.`,
      };
    }
    case 'trial_ending':
      return {
        ...base,
        subject: `Your ONVELOPE free trial ends on ${day(notice.trialEnd)}`,
        preview: 'Choose a plan to keep your workspace open.',
        headline: 'Your free trial ends soon',
        paragraphs: [
          `Your free trial of ONVELOPE ends on ${day(notice.trialEnd)}.`,
          'Choose a plan before then to keep your workspace open without a break.',
        ],
        action: action('Choose a plan'),
        why,
      };
    case 'trial_ended':
      return {
        ...base,
        subject: 'Your ONVELOPE free trial has ended',
        preview: 'Subscribe to open your workspace again.',
        headline: 'Your free trial has ended',
        paragraphs: [
          `Your free trial ended on ${day(notice.trialEnd)}, so your workspace is closed.`,
          'Subscribe to open it again.',
        ],
        action: action('Subscribe'),
        why,
      };
    case 'payment_failed': {
      const amount =
        notice.amountDue !== null && notice.currency
          ? moneyOf(notice.amountDue, notice.currency)
          : null;
      return {
        ...base,
        subject: 'We could not take your ONVELOPE payment',
        preview: 'Update your payment details to keep your workspace open.',
        headline: 'Your payment did not go through',
        paragraphs: [
          amount
            ? `We could not take your payment of ${amount}.`
            : 'We could not take your latest payment.',
          notice.graceUntil
            ? `Your workspace stays open until ${day(notice.graceUntil)}. Update your payment details before then to keep it open.`
            : 'Update your payment details to keep your workspace open.',
          'Open Manage billing in the Billing section of your account settings.',
        ],
        details: amount ? [{ label: 'Amount due', value: amount }] : [],
        action: action('Update payment details'),
        why,
      };
    }
    case 'subscription_cancelled':
      return {
        ...base,
        subject: 'Your ONVELOPE subscription has ended',
        preview: 'You can subscribe again at any time.',
        headline: 'Your subscription has ended',
        paragraphs: [
          `Your subscription ended on ${day(notice.endedAt)}, so your workspace is closed.`,
          'You can subscribe again at any time.',
        ],
        action: action('Restart your subscription'),
        why,
      };
    case 'sync_failed': {
      const name = store(notice.storeName);
      return {
        ...base,
        subject: `Orders from ${name} could not be synced`,
        preview: 'Open INTEGRATIONS in your account settings to sync again.',
        headline: 'Your store sync stopped',
        paragraphs: [
          `ONVELOPE stopped syncing orders from ${name} after several tries.`,
          'Open the INTEGRATIONS tab of your account settings to sync again, or to connect the store again if it asks you to.',
        ],
        details: [{ label: 'Reason', value: oneLine(notice.reason, 300) || 'Not given' }],
        action: action('Open account settings'),
        why,
      };
    }
    case 'store_authorization_expired': {
      const name = store(notice.storeName);
      return {
        ...base,
        subject: `Connect ${name} again to keep your orders in sync`,
        preview: 'Open INTEGRATIONS in your account settings and connect the store again.',
        headline: 'Connect your store again',
        paragraphs: [
          `${name} no longer accepts ONVELOPE's access, so its new orders are not synced.`,
          'Open the INTEGRATIONS tab of your account settings and connect the store again.',
        ],
        action: action('Open account settings'),
        why,
      };
    }
    case 'webhook_endpoint_disabled': {
      const url = oneLine(notice.url, 200);
      return {
        ...base,
        subject: 'A webhook endpoint was turned off',
        preview: 'Its deliveries failed for days. Fix it and turn it on again.',
        headline: 'Your webhook endpoint was turned off',
        paragraphs: [
          `Every delivery to ${url} has failed since ${day(notice.failingSince)}, so ONVELOPE stopped sending to it.`,
          'Fix the endpoint, then turn it on again in the WEBHOOKS tab of your account settings. Its delivery log shows what it answered; you can send the failed events again from there.',
        ],
        details: [
          { label: 'Endpoint', value: url },
          { label: 'Last error', value: oneLine(notice.lastError ?? '', 300) || 'Not given' },
        ],
        action: action('Open webhook settings'),
        why,
      };
    }
  }
}

const timeOf = (date: Date, timeZone: string) => {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(date);
  }
};

/** The daily digest of the queries received since the last one (oldest first). */
export function digestContent(
  queries: DigestQuery[],
  context: SellerContext,
  digestAt: Date,
): SellerMessageContent {
  const count = queries.length;
  const word = count === 1 ? 'query' : 'queries';
  const shown = queries.slice(0, DIGEST_QUERIES_SHOWN);
  return {
    subject: headerText(
      `Daily digest for ${dayOf(digestAt, context.timeZone)}: ${count} new buyer ${word}`,
      200,
    ),
    preview: `${count} new buyer ${word} since your last digest.`,
    headline: `${count} new buyer ${word}`,
    paragraphs: [
      `Buyers sent ${count === 1 ? 'this query' : 'these queries'} through your order tracking page since your last digest.`,
    ],
    details: [],
    quote: [],
    queries: shown.map((query) => ({
      heading: [
        `Order ${orderLabel(query.orderNumber)}`,
        oneLine(query.customerName, 80) || 'A buyer',
        oneLine(query.subject, 120) || '(no subject)',
      ].join(' · '),
      excerpt: excerptOf(query.message),
      receivedAt: timeOf(query.receivedAt, context.timeZone),
    })),
    moreQueries: count - shown.length,
    action: { label: 'Open Order Queries', url: linkOf(context, sellerActionPaths.buyer_query) },
    why:
      "You receive this digest because your settings send buyers' queries once a day, at 08:00 " +
      `your time. You can choose one e-mail per query instead in ${settingsPlace}.`,
  };
}
