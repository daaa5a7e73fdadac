import { z } from 'zod';
import { emailField } from '../auth/schemas.js';
import { plainText, textField } from '../text.js';
import { buyerNoticeKinds, sellerNoticeKinds } from './seller-notices.js';

/**
 * Issue 34: the moments of a shipment a buyer is told about by e-mail. `problem` covers a failed
 * delivery attempt, a carrier exception, a parcel returned to the seller and one waiting to be
 * collected (the carrier statuses of `problemKinds`).
 */
export const notificationMilestones = [
  'shipped',
  'out_for_delivery',
  'delivered',
  'problem',
] as const;
export type NotificationMilestone = (typeof notificationMilestones)[number];

/** What went wrong, for the `problem` message's words (from the carrier's status). */
export const problemKinds = ['failed_attempt', 'exception', 'returned', 'awaiting_pickup'] as const;
export type ProblemKind = (typeof problemKinds)[number];

/**
 * Which milestones are mailed for a seller who never chose: the shipping confirmation and a
 * problem, the two a buyer acts on (where is it; what do I do). Out for delivery and delivered
 * repeat what the carrier usually tells the buyer itself, so they are the seller's choice.
 */
export const defaultMilestoneSettings: Record<NotificationMilestone, boolean> = {
  shipped: true,
  out_for_delivery: false,
  delivered: false,
  problem: true,
};

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * How a seller hears of their buyers' queries: one e-mail per query at once, or one e-mail a day
 * at 08:00 in their time zone listing the queries since the last one. Billing and store-front
 * messages are about the seller's account and always go at once.
 */
export const buyerQueryDeliveries = ['immediately', 'daily_digest'] as const;
export type BuyerQueryDelivery = (typeof buyerQueryDeliveries)[number];
export const defaultBuyerQueryDelivery: BuyerQueryDelivery = 'immediately';

/** A seller's notification settings as stored and shown. */
export const notificationSettings = z.object({
  milestones: z.object({
    shipped: z.boolean(),
    out_for_delivery: z.boolean(),
    delivered: z.boolean(),
    problem: z.boolean(),
  }),
  /** The name buyers see the mail come from; the store name when null. */
  senderName: z.string().nullable(),
  /** Where a buyer's reply goes (the seller's own mailbox); the seller's account address when null. */
  replyTo: z.string().nullable(),
  /** An https address of the store's logo, shown at the top of every message. */
  logoUrl: z.string().nullable(),
  /** `#rrggbb`: the button and header line of every message. */
  accentColor: z.string().nullable(),
  /** Messages to the seller about buyers' queries: at once (default) or a daily digest. */
  buyerQueries: z.enum(buyerQueryDeliveries),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationSettingsResponse = z.object({
  success: z.literal(true),
  settings: notificationSettings,
});

/** Every field is optional: only what is sent changes; null clears a text field. */
export const updateNotificationSettingsRequest = z
  .object({
    milestones: z
      .object({
        shipped: z.boolean().optional(),
        out_for_delivery: z.boolean().optional(),
        delivered: z.boolean().optional(),
        problem: z.boolean().optional(),
      })
      .strict()
      .optional(),
    senderName: textField()
      .min(1, 'Sender name must not be empty')
      .max(80, 'Sender name must be at most 80 characters')
      .nullable()
      .optional(),
    replyTo: emailField.nullable().optional(),
    logoUrl: z
      .url({ protocol: /^https$/, error: 'Logo URL must be an https:// address' })
      .check(plainText())
      .max(2000, 'Logo URL must be at most 2000 characters')
      .nullable()
      .optional(),
    accentColor: z
      .string()
      .regex(HEX_COLOUR, 'Accent colour must be #rrggbb')
      .nullable()
      .optional(),
    buyerQueries: z
      .enum(buyerQueryDeliveries, {
        error: `Buyer queries must be one of ${buyerQueryDeliveries.join(', ')}`,
      })
      .optional(),
  })
  .strict();

export const milestoneParams = z.object({
  milestone: z.enum(notificationMilestones, {
    error: `milestone must be one of ${notificationMilestones.join(', ')}`,
  }),
});

export const previewQuery = z.object({
  /** Which problem's words the `problem` preview shows (failed attempt when absent). */
  problem: z.enum(problemKinds).optional(),
});

/** A message as it would be sent: subject, HTML and the plain-text part. */
export const previewResponse = z.object({
  success: z.literal(true),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /**
   * The same message as a page of its own, for a frame (`/api/notify/preview-page/<token>`, on the
   * API's origin): signed, for this seller and this message, good until `pageExpiresAt`. The site's
   * Content-Security-Policy (`style-src 'self'`) would refuse every inline style of an e-mail in a
   * `srcdoc` frame; this page carries a policy for the message alone.
   */
  pageUrl: z.string(),
  pageExpiresAt: z.iso.datetime(),
});

export const previewPageParams = z.object({ token: z.string().min(1).max(1000) });

export const sendTestRequest = z
  .object({
    milestone: z.enum(notificationMilestones, {
      error: `milestone must be one of ${notificationMilestones.join(', ')}`,
    }),
    problem: z.enum(problemKinds).optional(),
  })
  .strict();

export const sendTestResponse = z.object({
  success: z.literal(true),
  /** The seller's own address: a test never goes anywhere else. */
  sentTo: z.string(),
  notificationId: z.string(),
});

/**
 * Where a message stands: waiting, sent, or why it was not. `held`: a buyer's query kept for the
 * seller's next daily digest (it becomes `sent` with the digest).
 */
export const notificationStates = [
  'queued',
  'sent',
  'failed',
  'suppressed',
  'skipped',
  'held',
] as const;
export type NotificationState = (typeof notificationStates)[number];

/** Why a message was not sent (the order's history shows it). */
export const notificationReasons = [
  /** The order came in already delivered (imported history), or its milestone long past. */
  'imported_past_milestone',
  'no_customer_email',
  'milestone_turned_off',
  /** The seller's trial ended without a subscription (or the subscription ended). */
  'workspace_closed',
  /** The buyer unsubscribed, or the mail server refused the address before. */
  'address_suppressed',
  /** The mail server refused the address for good (5xx): suppressed from now on. */
  'address_refused',
  /**
   * Accepted, then reported undeliverable for good (a delivery status notification with a 5.x.x
   * status, RFC 3464): the address is suppressed from now on.
   */
  'address_bounced',
  /** The mail server refused the message for good (5xx, not the address). */
  'message_refused',
  /** The mail server could not be reached for as long as a message may wait. */
  'gave_up',
  /** The order was deleted (the seller cleared their data) before the message went. */
  'order_deleted',
  /**
   * A message to the seller waits: svc-notify does not know the account's address yet (it comes
   * with svc-auth's `sellerProfileChanged`); it goes as soon as it does.
   */
  'awaiting_seller_address',
  /** A daily digest found no query left to list (another digest had taken them). */
  'nothing_to_send',
] as const;
export type NotificationReason = (typeof notificationReasons)[number];

/**
 * A report that came back after the mail server accepted the message (RFC 3464, to the message's
 * envelope sender): `failed` with a 5.x.x status failed the message and suppressed the address;
 * `delayed` (or a failure with a 4.x.x status) is a note, the mail server still tries.
 */
export const messageBounce = z.object({
  action: z.enum(['failed', 'delayed']),
  /** RFC 3463: `5.1.1`. */
  status: z.string(),
  /** One line for the seller: `5.1.1 user unknown`, else the status and the server's words. */
  detail: z.string(),
  reportedAt: z.iso.datetime(),
});

/** What every kind of message shows of its delivery. */
const messageDelivery = z.object({
  id: z.string(),
  state: z.enum(notificationStates),
  reason: z.enum(notificationReasons).nullable(),
  /** The address it went (or is going) to; null while it is not known. */
  to: z.string().nullable(),
  subject: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  /** The mail server's last answer when a try failed (for the seller to see why it waits). */
  lastError: z.string().nullable(),
  /** The last delivery report about it, once one came back. */
  bounce: messageBounce.nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});

export const notificationRecord = messageDelivery.extend({
  milestone: z.enum(notificationMilestones),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

/**
 * A message to the order's buyer that another service asked for (`buyerNoticeRequested`): today
 * the seller's reply to a query filed under the order (`queryId`).
 */
export const buyerNoticeRecord = messageDelivery.extend({
  kind: z.enum(buyerNoticeKinds),
  /** The query it answers (`query_reply`). */
  queryId: z.string().nullable(),
});
export type BuyerNoticeRecord = z.infer<typeof buyerNoticeRecord>;

export const orderNotificationsParams = z.object({ entryId: z.string().min(1).max(200) });

export const orderNotificationsResponse = z.object({
  success: z.literal(true),
  /** The milestone messages, oldest first. */
  notifications: z.array(notificationRecord),
  /**
   * The other messages to the order's buyer (the seller's replies to queries about it), oldest
   * first. Apart from `notifications`, whose every record has its milestone.
   */
  notices: z.array(buyerNoticeRecord),
});

/**
 * What a message to the seller is about: each kind of `sellerNoticeRequested`, and the daily
 * digest of buyers' queries.
 */
export const sellerMessageKinds = [...sellerNoticeKinds, 'buyer_query_digest'] as const;
export type SellerMessageKind = (typeof sellerMessageKinds)[number];

export const sellerMessageRecord = messageDelivery.extend({
  kind: z.enum(sellerMessageKinds),
  /** A digest: how many queries it lists (null for the other kinds). */
  queryCount: z.number().int().nonnegative().nullable(),
});
export type SellerMessageRecord = z.infer<typeof sellerMessageRecord>;

export const sellerMessagesResponse = z.object({
  success: z.literal(true),
  /** Newest first, the last 100. */
  messages: z.array(sellerMessageRecord),
});

/**
 * Why the seller's mails no longer go to an address: the buyer unsubscribed, the mail server
 * refused it in the SMTP answer, or reported it undeliverable later (a bounce), or the buyer marked
 * one of the seller's messages as spam (`complaint`: their mailbox provider's feedback report).
 */
export const suppressionReasons = ['unsubscribed', 'refused', 'bounced', 'complaint'] as const;

export const suppressionsResponse = z.object({
  success: z.literal(true),
  /** Newest first. */
  suppressions: z.array(
    z.object({
      email: z.string(),
      reason: z.enum(suppressionReasons),
      /**
       * The mail server's words for a refusal or a bounce (`5.1.1 user unknown`); for a complaint,
       * the software that reported it (`Yahoo!-Mail-Feedback/2.0`), when it said.
       */
      detail: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});

/**
 * The seller lifts a suppression: the address gets the seller's mails again. A refusal (the mail
 * server's, at once or later) lifts as it is asked (the buyer fixed their mailbox, or gave the
 * address again), and so does a complaint (the next one suppresses it again). A buyer's own unsubscribe lifts only with `buyerAsked: true`: the seller states
 * that the buyer asked to hear from them again (409 without it).
 */
export const liftSuppressionRequest = z
  .object({
    email: emailField,
    buyerAsked: z.boolean().optional(),
  })
  .strict();

export const liftSuppressionResponse = z.object({
  success: z.literal(true),
  /** What was lifted. */
  lifted: z.object({ email: z.string(), reason: z.enum(suppressionReasons) }),
});

/**
 * Whether a suppression is the buyer's own decision (they unsubscribed, or marked a message as
 * spam): the seller lifts it only stating that the buyer asked to hear from them again.
 */
export const isBuyersOwnSuppression = (reason: (typeof suppressionReasons)[number]) =>
  reason === 'unsubscribed' || reason === 'complaint';

/** The words of the 409 when a buyer's own unsubscribe is lifted without `buyerAsked`. */
export const liftUnsubscribeNeedsBuyerAsked =
  'This buyer unsubscribed themselves. Lift it only if they asked you to e-mail them again.';

/** The words of the 409 when a buyer's spam complaint is lifted without `buyerAsked`. */
export const liftComplaintNeedsBuyerAsked =
  'This buyer marked one of your messages as spam. Lift it only if they asked you to e-mail them again.';

export const unsubscribeParams = z.object({ token: z.string().min(1).max(2000) });

export const unsubscribeResponse = z.object({
  success: z.literal(true),
  /** Whether the address is now unsubscribed (a GET only shows the page that asks). */
  unsubscribed: z.boolean(),
  storeName: z.string(),
});
