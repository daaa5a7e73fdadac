import { z } from 'zod';
import { routeOwnedBy } from '../route.js';
import { textField } from '../text.js';
import { exportFormats } from './reports.js';
import { markShippedRequest, statusField } from './schemas.js';

/**
 * Bulk actions on the seller's orders (issue 38 item 5): a selection (order numbers the seller
 * ticked, or every order matching the dashboard's filter) and one action (ship, delete, apply one
 * keyword rule), run as a job with progress and an outcome per order; or the selection exported,
 * streamed as the report export is.
 */

/** At most this many order numbers in an explicit selection (and lines in a tracking list). */
export const MAX_BULK_ORDER_NUMBERS = 5_000;

export const bulkMessages = {
  tooManyOrders: `Select at most ${MAX_BULK_ORDER_NUMBERS.toLocaleString('en-US')} orders, or choose all matching the filter`,
  noOrders: 'Select at least one order',
  listRequired:
    'Give a tracking number for each order: one line per order, "order number, tracking number"',
  alreadyRunning: 'Another bulk action is still running; wait for it to finish.',
  notFound: 'Bulk action not found',
  failed: 'The bulk action failed; the orders not yet reached were left as they were.',
  noTracking: (orderNumber: string) => `No tracking number given for order ${orderNumber}`,
  givenTwice: (orderNumber: string) =>
    `Order ${orderNumber} is given two tracking numbers; give it one`,
  listAndPairs:
    'Give the tracking numbers once: as the pasted list or as order and tracking number pairs, not both',
  ruleNotFound: 'Keyword rule not found',
  ruleGone: 'The keyword rule was deleted while it was being applied',
  ruleNoMatch: (orderNumber: string, rule: string) =>
    `Rule '${rule}' does not match order ${orderNumber}`,
  ruleUnchanged: (orderNumber: string) => `Order ${orderNumber} is already as the rule leaves it`,
  ruleSettled: (orderNumber: string, status: string) =>
    `Order ${orderNumber} is ${status}: keyword rules no longer change it`,
  changedMeanwhile: (orderNumber: string) =>
    `Order ${orderNumber} changed while the rule was being applied; apply it again`,
} as const;

/** Why one line of a pasted tracking list cannot be used; `line` counts from 1. */
export interface TrackingListError {
  line: number;
  message: string;
}

export interface TrackingListLine {
  orderNumber: string;
  trackingNumber: string;
}

const trackingNumberMax = 100;
const orderNumberMax = 200;

/** A first line naming the columns, as a spreadsheet's copy carries. */
const headerLine = /^\s*#?\s*order[\s_-]*(number|no\.?|#)?\s*[\t,;]/i;

function columnsOf(line: string): string[] {
  // A spreadsheet's copy separates with tabs; a typed list with a comma or semicolon; else spaces.
  const separator = ['\t', ',', ';'].find((candidate) => line.includes(candidate));
  const parts = separator ? line.split(separator) : line.trim().split(/\s+/);
  return parts.map((part) => part.trim()).filter((part, index) => index < 2 || part !== '');
}

/**
 * Reads a pasted or uploaded two-column list, "order number, tracking number", one order a line
 * (separated by a tab, comma, semicolon or spaces; blank lines and a header line are skipped).
 * Answers the usable lines and one error for each line that is not, so the dashboard shows them
 * before anything starts and the service refuses the same ones.
 *
 * @example
 * parseTrackingList('1001, RM123\n1002\tRM456').lines // [{orderNumber: '1001', …}, …]
 */
export function parseTrackingList(text: string): {
  lines: TrackingListLine[];
  errors: TrackingListError[];
} {
  const lines: TrackingListLine[] = [];
  const errors: TrackingListError[] = [];
  const seen = new Map<string, number>();
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim() || (index === 0 && headerLine.test(raw))) return;
    const [orderNumber = '', trackingNumber = '', ...rest] = columnsOf(raw);
    const fail = (message: string) => errors.push({ line, message });
    if (!orderNumber) return fail(`Line ${line}: the order number is missing`);
    if (!trackingNumber) return fail(`Line ${line}: no tracking number for order ${orderNumber}`);
    if (rest.length) return fail(`Line ${line}: expected two columns, found ${2 + rest.length}`);
    if (orderNumber.length > orderNumberMax)
      return fail(`Line ${line}: the order number is longer than ${orderNumberMax} characters`);
    if (trackingNumber.length > trackingNumberMax)
      return fail(
        `Line ${line}: the tracking number is longer than ${trackingNumberMax} characters`,
      );
    const earlier = seen.get(orderNumber);
    if (earlier !== undefined)
      return fail(`Line ${line}: order ${orderNumber} is already on line ${earlier}`);
    seen.set(orderNumber, line);
    lines.push({ orderNumber, trackingNumber });
  });
  if (lines.length > MAX_BULK_ORDER_NUMBERS) {
    errors.push({ line: 0, message: bulkMessages.tooManyOrders });
  }
  return { lines, errors };
}

/** The dashboard's filter: the table's status and hide-shipped toggle, or the search box's term. */
export const bulkFilter = z.object({
  status: z.union([z.literal('all'), statusField]).default('all'),
  omitShipped: z.boolean().default(true),
  /** The search term, matched as the dashboard's search matches it; absent for the table. */
  q: textField().min(1).max(200).optional(),
});
export type BulkFilter = z.infer<typeof bulkFilter>;

export const bulkSelection = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('orders'),
    orderNumbers: z
      .array(textField().min(1).max(orderNumberMax))
      .min(1, bulkMessages.noOrders)
      .max(MAX_BULK_ORDER_NUMBERS, bulkMessages.tooManyOrders),
  }),
  /** Every order matching the filter when the job starts (orders added later are left out). */
  z.object({ kind: z.literal('matching'), filter: bulkFilter }),
]);
export type BulkSelection = z.infer<typeof bulkSelection>;

const trackingListField = z
  .string()
  .max(1_000_000)
  .superRefine((text, ctx) => {
    const { lines, errors } = parseTrackingList(text);
    for (const error of errors) ctx.addIssue({ code: 'custom', message: error.message });
    if (!errors.length && !lines.length) {
      ctx.addIssue({ code: 'custom', message: bulkMessages.listRequired });
    }
  });

export const bulkAction = z.discriminatedUnion('kind', [
  /**
   * Ship each selected order with one courier and its own tracking number, as "Mark as shipped"
   * does one: from the typed map or the pasted list. A selected order without a line is skipped.
   */
  z.object({
    kind: z.literal('ship'),
    courier: markShippedRequest.shape.courier,
    trackingNumbers: z
      .array(
        z.object({
          orderNumber: textField().min(1).max(orderNumberMax),
          trackingNumber: markShippedRequest.shape.trackingNumber,
        }),
      )
      .max(MAX_BULK_ORDER_NUMBERS, bulkMessages.tooManyOrders)
      .optional(),
    /** The pasted or uploaded "order number, tracking number" list (`parseTrackingList`). */
    trackingList: trackingListField.optional(),
  }),
  z.object({ kind: z.literal('delete') }),
  /**
   * Apply one of the seller's keyword rules to each selected order the rules may still change
   * (not shipped, delivered or cancelled): its message is added to the order's, its status set as
   * the rules set one; the other rules' messages stay.
   */
  z.object({ kind: z.literal('apply_rule'), ruleId: textField().min(1).max(100) }),
]);
export type BulkAction = z.infer<typeof bulkAction>;

export const bulkJobRequest = z
  .object({ selection: bulkSelection, action: bulkAction })
  .refine(
    ({ action }) =>
      action.kind !== 'ship' || (action.trackingNumbers?.length ?? 0) > 0 || action.trackingList,
    { message: bulkMessages.listRequired, path: ['action', 'trackingList'] },
  )
  // As the pasted list refuses an order on two lines: which number wins would be a guess.
  .superRefine(({ action }, ctx) => {
    if (action.kind !== 'ship') return;
    if (action.trackingNumbers?.length && action.trackingList) {
      ctx.addIssue({ code: 'custom', message: bulkMessages.listAndPairs, path: ['action'] });
    }
    const seen = new Set<string>();
    for (const { orderNumber } of action.trackingNumbers ?? []) {
      if (seen.has(orderNumber)) {
        ctx.addIssue({
          code: 'custom',
          message: bulkMessages.givenTwice(orderNumber),
          path: ['action', 'trackingNumbers'],
        });
      }
      seen.add(orderNumber);
    }
  });
export type BulkJobRequest = z.infer<typeof bulkJobRequest>;

/**
 * The dry run: how many orders the selection holds now, for the confirmation; with `ruleId`, also
 * how many of them that rule would change (`changes`).
 */
export const bulkCountRequest = z.object({
  selection: bulkSelection,
  ruleId: textField().min(1).max(100).optional(),
});
export const bulkCountResponse = z.object({ count: z.number(), changes: z.number().optional() });

/** The selection exported in one of the report's formats, with the report's columns. */
export const bulkExportRequest = z.object({
  selection: bulkSelection,
  format: z.enum(exportFormats, { error: 'format must be csv, xlsx or pdf' }),
});
export type BulkExportRequest = z.infer<typeof bulkExportRequest>;

export const bulkOutcomeKinds = ['done', 'skipped'] as const;

/**
 * A bulk job: `total` orders selected when it started; `processed` of them reached so far, of
 * which `done` changed and `skipped` left as they were (each with its reason in the outcomes);
 * `message` says how it ended.
 */
export const bulkJob = z.object({
  id: z.string(),
  action: z.enum(['ship', 'delete', 'apply_rule']),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number(),
  processed: z.number(),
  done: z.number(),
  skipped: z.number(),
  message: z.string().nullable(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type BulkJob = z.infer<typeof bulkJob>;
export const bulkJobResponse = z.object({ job: bulkJob });
export const bulkJobParams = z.object({ jobId: z.string() });

export const bulkOutcomesQuery = z.object({
  outcome: z.enum(bulkOutcomeKinds).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const bulkOutcome = z.object({
  orderNumber: z.string(),
  outcome: z.enum(bulkOutcomeKinds),
  /** Why an order was skipped ('Order 1001 is already shipped'); null when done. */
  reason: z.string().nullable(),
});
export const bulkOutcomesResponse = z.object({
  outcomes: z.array(bulkOutcome),
  total: z.number(),
});

const route = routeOwnedBy('svc-orders');

export const countBulkSelection = route(
  'POST',
  '/api/upload/bulk-jobs/count',
  'merchant',
  'implied',
  'How many orders a bulk action would reach, and a rule change (dry run, nothing changes)',
  {
    apiKey: 'read',
    schemas: { body: bulkCountRequest, response: bulkCountResponse },
    docs: { errors: [404] },
  },
);

export const startBulkJob = route(
  'POST',
  '/api/upload/bulk-jobs',
  'merchant',
  'implied',
  'Start a bulk action on selected orders (202 with the job)',
  {
    apiKey: 'write',
    status: 202,
    schemas: { body: bulkJobRequest, response: bulkJobResponse },
    docs: { errors: [404, 409] },
  },
);

export const getBulkJob = route(
  'GET',
  '/api/upload/bulk-jobs/{jobId}',
  'merchant',
  'implied',
  'How far a bulk action has got',
  { apiKey: 'read', schemas: { params: bulkJobParams, response: bulkJobResponse } },
);

export const listBulkOutcomes = route(
  'GET',
  '/api/upload/bulk-jobs/{jobId}/outcomes',
  'merchant',
  'implied',
  'What a bulk action did to each order',
  {
    apiKey: 'read',
    schemas: { params: bulkJobParams, query: bulkOutcomesQuery, response: bulkOutcomesResponse },
  },
);

/**
 * Not a job: the file streams as it is read (as `POST /api/reports/export` does), so memory stays
 * flat however many orders are selected, and nothing is stored for later.
 */
export const exportBulkSelection = route(
  'POST',
  '/api/upload/bulk-export',
  'merchant',
  'implied',
  'Export the selected orders as csv, xlsx or pdf, with the report export’s columns',
  {
    apiKey: 'read',
    openWithoutSubscription: true,
    streaming: 'response',
    schemas: { body: bulkExportRequest },
    docs: {
      answer: {
        'text/csv': z.string(),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': z.file(),
        'application/pdf': z.file(),
      },
    },
  },
);

export const bulkRoutes = [
  countBulkSelection,
  startBulkJob,
  getBulkJob,
  listBulkOutcomes,
  exportBulkSelection,
];
