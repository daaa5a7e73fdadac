import { z } from 'zod';
import { currencyCode } from '../currency.js';
import { longerThan, textField, webAddress } from '../text.js';
import { attentionReasons, deliveryRecord } from '../tracking/schemas.js';
import { deliveryEstimate } from './delivery-estimates.js';
import { ruleCondition, ruleConditionList, ruleMatchModes } from './rule-conditions.js';
import { trackingEntryStatuses } from './events.js';

// Spec 000 §8: the words a seller sees.
export const ordersMessages = {
  invalidFileType: 'INVALID FILE TYPE. ONLY CSV FILES ACCEPTED.',
  parseFailed: 'FAILED TO PARSE CSV FILE',
  uploadFailed: 'UPLOAD FAILED',
  keywordRequired: 'Please enter a keyword',
  customMessageRequired: 'Please enter a custom message',
  trackingNumberRequired: 'Tracking number is required',
  courierRequired: 'Courier is required',
  trackingUrlInvalid: 'Tracking URL must be a web address (http:// or https://)',
  searchTermRequired: 'Search term is required',
  noResults: 'No results found for your search criteria.',
} as const;

export const orderSources = ['csv', 'bigcartel', 'manual'] as const;
export const statusField = z.enum(trackingEntryStatuses);

/** Spec 000 §9: the dashboard's sort fields. */
export const trackingEntrySortFields = [
  'createdAt',
  'orderDate',
  'shippedAt',
  'orderNumber',
  'firstName',
  'email',
  'postcode',
  'status',
  'courier',
  'trackingNumber',
  'personalNote',
  'updatedAt',
] as const;

/** A tracking entry (order) with every field of spec 000 §3, dates as ISO strings. */
export const trackingEntry = z.object({
  id: z.string(),
  accountId: z.string(),
  orderNumber: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  customerName: z.string().nullable(),
  email: z.string().nullable(),
  /** `null` where the source said 'Unknown' or nothing (spec 000 §3). */
  postcode: z.string().nullable(),
  status: z.string(),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  personalNote: z.string().nullable(),
  orderDate: z.iso.datetime().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  shippingAddress1: z.string().nullable(),
  shippingAddress2: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingState: z.string().nullable(),
  shippingCountry: z.string().nullable(),
  shippingZip: z.string().nullable(),
  items: z.string().nullable(),
  productName: z.string().nullable(),
  productId: z.string().nullable(),
  productImageUrl: z.string().nullable(),
  quantity: z.number().nullable(),
  itemPrice: z.number().nullable(),
  itemTotal: z.number().nullable(),
  /**
   * The ISO 4217 code the order's amounts are in, as its source said (store-front, store export,
   * a CSV's Currency column); null when the source did not say. Absent from older releases.
   */
  currency: currencyCode.nullable().optional(),
  quantityShipped: z.number().nullable(),
  quantityUnshipped: z.number().nullable(),
  /** A JSON-encoded list of text (spec 000 §3). */
  categoryNames: z.string().nullable(),
  keywordMessage: z.string().nullable(),
  /** Which rule set the message or status, and why ("rule 'gift' matched 'Gift wrap' in Items"). */
  keywordExplanation: z.string().nullable(),
  /**
   * The keyword rule that set the status (e.g. a `mark_as_shipped` rule: shipped by rule, no
   * courier), while the status is the rule's; null when the seller or the order's source set it.
   */
  statusRule: z.object({ id: z.string(), keyword: z.string() }).nullable().optional(),
  source: z.enum(orderSources),
  merchant: z.object({ name: z.string().nullable(), website: z.string().nullable() }).nullable(),
  /** What the tracking provider last said of the shipment; null until it has said anything. */
  delivery: deliveryRecord.nullable().optional(),
  /**
   * When the order should arrive: the carrier's date, else the seller's own rule; null once
   * delivered, cancelled or in trouble, or when the seller's estimate has already passed.
   */
  estimate: deliveryEstimate.nullable().optional(),
});
export type TrackingEntry = z.infer<typeof trackingEntry>;

const booleanQuery = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

/** The page sizes the dashboard offers (issue 38 item 5); the list answers up to the largest. */
export const trackingEntryPageSizes = [25, 50, 100, 250] as const;

export const listTrackingEntriesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...trackingEntryPageSizes))
    .default(25),
  sortBy: z.enum(trackingEntrySortFields).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  status: z.union([z.literal('all'), statusField]).default('all'),
  omitShipped: booleanQuery.default(true),
  /**
   * The previous answer's `pagination.nextCursor` (issue 41): the next page read from where that
   * one ended, whatever the seller's size; `page` then comes from the cursor. Without it, `page` is
   * counted from the start. A cursor of another sort or filter is ignored.
   */
  cursor: z.string().max(1_000).optional(),
});
export const listTrackingEntriesResponse = z.object({
  entries: z.array(trackingEntry),
  pagination: z.object({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    pages: z.number(),
    /** The `cursor` of the next page; absent on the last page. */
    nextCursor: z.string().optional(),
  }),
});

export const summaryQuery = z.object({ omitShipped: booleanQuery.default(true) });
export const summaryResponse = z.object({
  total: z.number(),
  statusCounts: z.object({
    pending: z.number(),
    processing: z.number(),
    shipped: z.number(),
    partiallyShipped: z.number(),
    delivered: z.number(),
    cancelled: z.number(),
  }),
});

/**
 * A search term this long or longer is found anywhere in a value; a shorter one (1 or 2
 * characters) where a word starts, since anywhere it would match most orders. The search box says
 * so (issue 38 item 13).
 */
export const SEARCH_ANYWHERE_MIN_LENGTH = 3;

export const searchQuery = z.object({
  q: z.string().trim().min(1, ordersMessages.searchTermRequired).max(200),
  status: z.union([z.literal('all'), statusField]).default('all'),
});
export const searchResponse = z.object({
  results: z.array(trackingEntry),
  totalCount: z.number(),
});

export const uploadResult = z.object({
  success: z.boolean(),
  totalRows: z.number(),
  successfulRows: z.number(),
  skippedRows: z.number(),
  failedRows: z.number(),
  message: z.string(),
  warnings: z.array(z.object({ row: z.number(), message: z.string() })),
  errors: z.array(z.object({ row: z.number(), errors: z.array(z.string()) })),
  /**
   * How the import read a file not in the template's layout (issue 38), one plain sentence each:
   * "Buyer Name → first and last name …", "No status column: new orders are stored as pending".
   * Beyond spec 000 §3; optional, so an answer without it still parses.
   */
  assumptions: z.array(z.string()).optional(),
});
export type UploadResult = z.infer<typeof uploadResult>;

export const orderNumberParams = z.object({ orderNumber: z.string().min(1) });
export const markShippedRequest = z.object({
  trackingNumber: textField({ error: ordersMessages.trackingNumberRequired })
    .min(1, ordersMessages.trackingNumberRequired)
    .max(100, longerThan('Tracking number', 100)),
  courier: textField({ error: ordersMessages.courierRequired })
    .min(1, ordersMessages.courierRequired)
    .max(100, longerThan('Courier', 100)),
  trackingUrl: z.union([z.literal(''), webAddress(ordersMessages.trackingUrlInvalid)]).optional(),
});
export const markShippedResponse = z.object({
  message: z.string(),
  entry: trackingEntry,
  bigCartelUpdated: z.boolean(),
});

export const clearDataResponse = z.object({ message: z.string(), deletedCount: z.number() });

// Keyword rules (spec 000 §3, §4, §5).
export * from './rule-conditions.js';
export const keywordRuleActions = [
  'add_message',
  'mark_as_shipped',
  'awaiting_stock',
  'working_through_orders',
] as const;
export const keywordMatchTypes = ['contains', 'exact', 'starts_with', 'whole_word'] as const;

/**
 * What the buyer reads when a rule has no custom message of its own (the rule editor shows it
 * under the message field; issue 38 item 7): add_message needs its own, and mark_as_shipped has
 * none, since the order's tracking already tells the buyer it shipped.
 */
export const defaultRuleMessages: Record<(typeof keywordRuleActions)[number], string | null> = {
  add_message: null,
  mark_as_shipped: null,
  awaiting_stock:
    'Awaiting stock: your order will be dispatched as soon as the item is back in stock.',
  working_through_orders:
    'We are working through orders: yours is in the queue and will be dispatched soon.',
};

export const keywordRule = z.object({
  id: z.string(),
  keyword: z.string(),
  action: z.enum(keywordRuleActions),
  customMessage: z.string().nullable(),
  matchType: z.enum(keywordMatchTypes),
  caseSensitive: z.boolean(),
  /**
   * Tests on other fields of the order (issue 38 item 7), combined with the keyword by `match`;
   * absent from older releases, where a rule is its keyword alone.
   */
  conditions: z.array(ruleCondition).optional(),
  match: z.enum(ruleMatchModes).optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type KeywordRule = z.infer<typeof keywordRule>;

export const keywordRuleInput = z
  .object({
    // Blank only when the rule has conditions instead (checked below, with spec 000 §5's words).
    keyword: textField({ error: ordersMessages.keywordRequired })
      .max(200, longerThan('Keyword', 200))
      .default(''),
    action: z.enum(keywordRuleActions),
    // The message buyers read may run over several lines.
    customMessage: textField({ lines: 'multi' }).max(1000).optional().nullable(),
    matchType: z.enum(keywordMatchTypes).default('contains'),
    caseSensitive: z.boolean().default(false),
    conditions: ruleConditionList.default([]),
    match: z.enum(ruleMatchModes).default('all'),
  })
  .refine((rule) => rule.keyword !== '' || rule.conditions.length > 0, {
    message: ordersMessages.keywordRequired,
    path: ['keyword'],
  })
  .refine((rule) => rule.action !== 'add_message' || !!rule.customMessage, {
    message: ordersMessages.customMessageRequired,
    path: ['customMessage'],
  });
export const idParams = z.object({ id: z.string().min(1) });
export const keywordRuleResponse = z.object({ rule: keywordRule });
export const keywordRulesResponse = z.array(keywordRule);
export const deletedResponse = z.object({ message: z.string(), deletedCount: z.number() });

// Not trimmed: the name is tested exactly as the seller typed it.
export const ruleTestRequest = z.object({
  itemName: textField({ trim: false }).max(2000),
  /**
   * The rest of the imagined order, for rules with conditions (issue 38 item 7); a field left out
   * has no value, as on an order that lacks it.
   */
  order: z
    .object({
      buyerName: textField().max(200).optional(),
      buyerEmail: textField().max(200).optional(),
      country: textField().max(100).optional(),
      courier: textField().max(100).optional(),
      status: z.enum(trackingEntryStatuses).optional(),
      total: z.number().optional(),
    })
    .optional(),
});
export const ruleTestResult = z.object({
  appliedRules: z.array(
    z.object({
      id: z.string(),
      keyword: z.string(),
      action: z.enum(keywordRuleActions),
      explanation: z.string(),
    }),
  ),
  finalMessage: z.string().nullable(),
  finalStatus: z.string().nullable(),
  finalDate: z.iso.datetime().nullable(),
});
export const searchItemsQuery = z.object({ q: z.string().trim().max(200).default('') });
export const searchItemsResponse = z.array(z.string());

export const rulePreviewResponse = z.object({
  matchCount: z.number(),
  sample: z.array(
    z.object({ orderNumber: z.string(), items: z.string().nullable(), explanation: z.string() }),
  ),
});
/**
 * Applying the rules to the seller's unshipped orders runs as a job (a large account takes a
 * while): `total` is how many unshipped orders there were when it started, `examined` and `changed`
 * grow as it works, `message` is the outcome once it is done or failed.
 */
export const ruleApplyJob = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number(),
  examined: z.number(),
  changed: z.number(),
  message: z.string().nullable(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type RuleApplyJob = z.infer<typeof ruleApplyJob>;
export const ruleApplyJobResponse = z.object({ job: ruleApplyJob });
export const ruleApplyJobParams = z.object({ jobId: z.string() });

/**
 * What applying the saved rules now would change, counted without writing anything (the manager
 * asks before it applies). `rules` is how many saved rules there are, `examined` the unshipped
 * orders they look at, `changed` those that would change. A changed order counts in each part that
 * applies to it: its status moves (`statusChanges`, one line per from → to), its keyword message is
 * added or replaced (`messagesSet`) or goes because no rule matches it any more
 * (`messagesRemoved`), or only its explanation changes (`explanationsOnly`). `sample` is up to
 * five of the changed orders, newest first.
 */
export const ruleApplyPreview = z.object({
  rules: z.number(),
  examined: z.number(),
  changed: z.number(),
  statusChanges: z.array(z.object({ from: z.string(), to: z.string(), count: z.number() })),
  messagesSet: z.number(),
  messagesRemoved: z.number(),
  explanationsOnly: z.number(),
  sample: z.array(
    z.object({
      orderNumber: z.string(),
      statusBefore: z.string(),
      statusAfter: z.string(),
      messageAfter: z.string().nullable(),
    }),
  ),
});
export type RuleApplyPreview = z.infer<typeof ruleApplyPreview>;

export const needsAttentionResponse = z.object({
  /** How many of the seller's shipments need attention, for each reason. */
  counts: z.object(
    Object.fromEntries(attentionReasons.map((reason) => [reason, z.number()])) as {
      [K in (typeof attentionReasons)[number]]: z.ZodNumber;
    },
  ),
  /** The shipments of the reason asked for, the longest without news first. */
  entries: z.array(trackingEntry),
  quietDays: z.number(),
});

// Correcting one order (issue 38 item 6): edit, correct tracking, mark unshipped, delete, history.
export const orderEditMessages = {
  emptyEdit: 'Change at least one field of the order',
  emailInvalid: 'Email must be an email address',
} as const;

/** A one-line text the seller may also clear (null or blank). */
const editableText = (max: number) =>
  textField()
    .max(max)
    .nullable()
    .transform((value) => value || null);

/**
 * The fields of an order the seller may edit, each optional: what is sent is changed, `null` or a
 * blank clears it. Unknown fields are refused, so a typo is not silently ignored.
 */
export const updateTrackingEntryRequest = z
  .strictObject({
    firstName: editableText(100),
    lastName: editableText(100),
    email: z
      .union([z.literal(''), z.email({ error: orderEditMessages.emailInvalid }).max(254)])
      .nullable()
      .transform((value) => value || null),
    postcode: editableText(20),
    shippingAddress1: editableText(200),
    shippingAddress2: editableText(200),
    shippingCity: editableText(100),
    shippingState: editableText(100),
    shippingCountry: editableText(100),
    shippingZip: editableText(20),
    /** The Items text; it replaces the lines a store-front sent (see svc-orders README). */
    items: editableText(2000),
    // One line, as the table shows it (request-text.test.ts lists the fields that take several).
    personalNote: editableText(1000),
  })
  .partial()
  .refine((edit) => Object.keys(edit).length > 0, { message: orderEditMessages.emptyEdit });
export type TrackingEntryEdit = z.infer<typeof updateTrackingEntryRequest>;
export const trackingEntryResponse = z.object({
  message: z.string(),
  entry: trackingEntry,
  /**
   * A correction of a store-front order: whether the store-front took it too (absent for other
   * orders, and for changes the store-front cannot take).
   */
  storeFrontUpdated: z.boolean().optional(),
});

/** Who made a change of an order. */
export const orderChangeActors = ['seller', 'rule', 'import', 'sync', 'carrier'] as const;
export type OrderChangeActor = (typeof orderChangeActors)[number];

/** One change of an order: the fields one write changed, from and to (as text, null for none). */
export const orderHistoryEntry = z.object({
  at: z.iso.datetime(),
  by: z.enum(orderChangeActors),
  changes: z.array(
    z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() }),
  ),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;
/** The order's latest changes, newest first (svc-orders keeps the last `MAX_ORDER_HISTORY`). */
export const orderHistoryResponse = z.object({ history: z.array(orderHistoryEntry) });
export const MAX_ORDER_HISTORY = 20;
