import {
  buyerQueryDeliveries,
  defaultMilestoneSettings,
  notificationMilestones,
  type BuyerQueryDelivery,
  type NotificationMilestone,
  type NotificationReason,
  type NotificationSettings,
  type NotificationState,
  type SellerMessageKind,
  type suppressionReasons,
} from '@onvelope/contracts';

/** The form as typed: text fields as the seller left them, blank meaning "not set". */
export interface NotificationForm {
  milestones: Record<NotificationMilestone, boolean>;
  senderName: string;
  replyTo: string;
  logoUrl: string;
  accentColor: string;
  buyerQueries: BuyerQueryDelivery;
}

/**
 * The colour buyers' messages use while the seller has chosen none: svc-notify's `DEFAULT_ACCENT`
 * (its domain; the contracts do not carry it), so the colour input starts where the mail does.
 */
export const defaultAccentColor = '#1f6feb';

/** Each milestone's name and when its message goes, in the seller's words. */
export const milestoneTexts: Record<NotificationMilestone, { label: string; when: string }> = {
  shipped: {
    label: 'Shipped',
    when: 'When you mark an order shipped with a tracking number.',
  },
  out_for_delivery: {
    label: 'Out for delivery',
    when: 'When the carrier says the parcel is out for delivery today.',
  },
  delivered: {
    label: 'Delivered',
    when: 'When the carrier says the parcel has been delivered.',
  },
  problem: {
    label: 'Delivery problem',
    when: 'When the carrier reports a failed attempt, an exception, a return or a parcel to collect.',
  },
};

export const milestones = notificationMilestones;

/** The seller's choice for their buyers' queries, in their words. */
export const buyerQueryChoices: { value: BuyerQueryDelivery; label: string; hint: string }[] =
  buyerQueryDeliveries.map((value) =>
    value === 'immediately'
      ? { value, label: 'Immediately', hint: 'One e-mail for each query, as it arrives.' }
      : {
          value,
          label: 'Daily digest',
          hint: 'One e-mail a day at 08:00 your time, listing the queries since the last one. None on a day without queries.',
        },
  );

export function formOf(settings: NotificationSettings): NotificationForm {
  return {
    milestones: { ...settings.milestones },
    senderName: settings.senderName ?? '',
    replyTo: settings.replyTo ?? '',
    logoUrl: settings.logoUrl ?? '',
    accentColor: settings.accentColor ?? '',
    buyerQueries: settings.buyerQueries,
  };
}

/** The form until the seller's settings have loaded (not shown: the tab says it is loading). */
export const unloadedForm: NotificationForm = {
  milestones: { ...defaultMilestoneSettings },
  senderName: '',
  replyTo: '',
  logoUrl: '',
  accentColor: '',
  buyerQueries: 'immediately',
};

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** What the colour input shows: the typed colour once it is one, else the messages' default. */
export function pickerColour(typed: string): string {
  const colour = typed.trim();
  return HEX_COLOUR.test(colour) ? colour.toLowerCase() : defaultAccentColor;
}

/**
 * The whole settings as the update call takes them (a blank text field clears it: null); the
 * contract's own schema checks them, so the seller reads the server's words before anything is sent.
 */
export function requestOf(form: NotificationForm) {
  const blankIsNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    milestones: { ...form.milestones },
    senderName: blankIsNull(form.senderName),
    replyTo: blankIsNull(form.replyTo),
    logoUrl: blankIsNull(form.logoUrl),
    accentColor: blankIsNull(form.accentColor),
    buyerQueries: form.buyerQueries,
  };
}

/** Whether the form differs from the saved settings (a preview shows the saved ones). */
export function isChanged(form: NotificationForm, saved: NotificationSettings): boolean {
  return JSON.stringify(form) !== JSON.stringify(formOf(saved));
}

export const stateLabels: Record<NotificationState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  suppressed: 'Not sent',
  skipped: 'Skipped',
  held: 'Waiting for the digest',
};

/** Why a message was not sent, in plain words for the order's history. */
export const reasonTexts: Record<NotificationReason, string> = {
  imported_past_milestone:
    'The order was imported after this had already happened, so the buyer was not told late.',
  no_customer_email: 'The order has no usable buyer e-mail address.',
  milestone_turned_off: 'This message was turned off in your notification settings.',
  workspace_closed: 'Your trial or subscription had ended.',
  address_suppressed:
    'The buyer unsubscribed from your messages, or their mail server refused the address before.',
  address_refused: "The buyer's mail server refused the address. No more messages will go to it.",
  address_bounced:
    'The mail server accepted the message, then reported the address undeliverable. No more messages will go to it.',
  message_refused: "The buyer's mail server refused this message.",
  gave_up: 'The mail server could not be reached for 48 hours, so the message was dropped.',
  order_deleted: 'The order was deleted before the message went.',
  awaiting_seller_address:
    'Waiting for your account address to reach the notification service; it goes as soon as it does.',
  nothing_to_send: 'Every query had already been sent, so this digest was not needed.',
};

/** What each message to the seller is about, in "Messages to you". */
export const sellerMessageKindLabels: Record<SellerMessageKind, string> = {
  buyer_query: 'Buyer query',
  buyer_query_digest: 'Daily digest of buyer queries',
  trial_ending: 'Trial ending',
  trial_ended: 'Trial ended',
  payment_failed: 'Payment failed',
  subscription_cancelled: 'Subscription ended',
  sync_failed: 'Store sync failed',
  store_authorization_expired: 'Store connection expired',
  webhook_endpoint_disabled: 'Webhook endpoint turned off',
};

export interface HistoryLine {
  milestone: string;
  state: string;
  /** The time that matters: sent, else decided. */
  at: string;
  /** Why it was not sent, or why it is still waiting; null when sent. */
  why: string | null;
}

interface MessageRecord {
  state: NotificationState;
  reason: NotificationReason | null;
  attempts: number;
  lastError: string | null;
  /** A delivery report that came back after the mail server accepted it. */
  bounce: { action: 'failed' | 'delayed'; detail: string } | null;
  createdAt: string;
  sentAt: string | null;
}

/**
 * Why a message was not sent, why it still waits, or what a later delivery report said of it;
 * null when there is nothing to say.
 */
function whyOf(record: MessageRecord): string | null {
  if (record.bounce?.action === 'failed' && record.state === 'failed') {
    return `Bounced: ${record.bounce.detail}`;
  }
  if (record.bounce?.action === 'delayed' && record.state === 'sent') {
    return `Delayed: ${record.bounce.detail}. Their mail server is still trying.`;
  }
  if (record.state === 'queued' && record.lastError) {
    return `Trying again (${record.attempts} ${record.attempts === 1 ? 'try' : 'tries'} so far): ${record.lastError}`;
  }
  if (record.reason) return reasonTexts[record.reason];
  return record.state === 'failed' ? record.lastError : null;
}

/** One line of an order's "Messages to the buyer". */
export function historyLine(
  record: MessageRecord & { milestone: NotificationMilestone },
): HistoryLine {
  return {
    milestone: milestoneTexts[record.milestone].label,
    state: stateLabels[record.state],
    at: record.sentAt ?? record.createdAt,
    why: whyOf(record),
  };
}

export interface SellerMessageLine {
  kind: string;
  state: string;
  at: string;
  /** The subject as sent; what it is about while it was not sent yet. */
  subject: string;
  why: string | null;
}

/** One line of "Messages to you" (the seller's own messages). */
export function sellerMessageLine(
  record: MessageRecord & {
    kind: SellerMessageKind;
    subject: string | null;
    queryCount: number | null;
  },
): SellerMessageLine {
  const kind = sellerMessageKindLabels[record.kind];
  const counted =
    record.queryCount === null
      ? ''
      : ` (${record.queryCount} ${record.queryCount === 1 ? 'query' : 'queries'})`;
  return {
    kind: `${kind}${counted}`,
    state: stateLabels[record.state],
    at: record.sentAt ?? record.createdAt,
    subject: record.subject ?? kind,
    why: whyOf(record),
  };
}

/** Why an address no longer gets the seller's messages. */
export function suppressionWhy(suppression: {
  reason: (typeof suppressionReasons)[number];
  detail: string | null;
}): string {
  if (suppression.reason === 'unsubscribed') return 'The buyer unsubscribed';
  if (suppression.reason === 'complaint') return 'Marked your message as spam';
  if (suppression.reason === 'bounced') {
    return suppression.detail ? `Bounced: ${suppression.detail}` : 'Bounced';
  }
  return suppression.detail
    ? `Refused by their mail server: ${suppression.detail}`
    : 'Refused by their mail server';
}
