import { z } from 'zod';
import { currencyCode } from '../currency.js';
import { textField } from '../text.js';
import { statusField } from './schemas.js';

/** Sort fields of a report (spec 000 §7 default createdAt). */
export const reportSortFields = [
  'createdAt',
  'orderDate',
  'shippedAt',
  'orderNumber',
  'customerFirstName',
  'customerLastName',
  'customerEmail',
  'status',
  'courier',
  'trackingNumber',
  'shippingCountry',
] as const;

export const reportPageSizeMax = 500;

const optionalFilter = textField().max(200).optional();
// A calendar date, or a moment with its zone: `Date.parse` also took '1', 'hello 2' and
// 2026-02-30 (as 2 March).
const isoDay = z.iso.date();
const isoMoment = z.iso.datetime({ offset: true });
const dateFilter = (field: string) =>
  textField()
    .refine(
      (value) =>
        value === '' || isoDay.safeParse(value).success || isoMoment.safeParse(value).success,
      { message: `${field} must be a date (YYYY-MM-DD or ISO 8601)` },
    )
    .optional();

/** The filters of spec 000 §7 `POST /api/reports/search`, shared with export. */
export const reportFilters = z
  .object({
    orderNumber: optionalFilter,
    email: optionalFilter,
    status: z
      .union([z.literal(''), z.literal('all'), statusField], {
        error:
          'status must be one of pending, processing, shipped, partially_shipped, delivered, cancelled',
      })
      .optional(),
    courierContains: optionalFilter,
    q: optionalFilter,
    itemsContains: optionalFilter,
    shippingCountryContains: optionalFilter,
    createdFrom: dateFilter('createdFrom'),
    createdTo: dateFilter('createdTo'),
    sortBy: z
      .enum(reportSortFields, { error: `sortBy must be one of ${reportSortFields.join(', ')}` })
      .default('createdAt'),
    sortDir: z.enum(['asc', 'desc'], { error: 'sortDir must be asc or desc' }).default('desc'),
  })
  .refine(
    (f) => !f.createdFrom || !f.createdTo || Date.parse(f.createdFrom) <= Date.parse(f.createdTo),
    { message: 'createdFrom must not be after createdTo', path: ['createdFrom'] },
  );

export const reportSearchRequest = reportFilters.and(
  z.object({
    page: z.number().int().min(1).default(1),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(reportPageSizeMax, `pageSize must be at most ${reportPageSizeMax}`)
      .default(100),
  }),
);

/** Spec 000 §3 "Report row", with the address columns. */
export const reportRow = z.object({
  id: z.string(),
  orderNumber: z.string(),
  customerFirstName: z.string().nullable(),
  customerLastName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  status: z.string(),
  items: z.string().nullable(),
  /**
   * The order's item total and the ISO 4217 code it is in (issue 38 item 4), never added across
   * currencies; absent from rows of older releases.
   */
  itemTotal: z.number().nullable().optional(),
  currency: currencyCode.nullable().optional(),
  /** The full country name (from the two-letter code where the order holds one). */
  shippingCountry: z.string().nullable(),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  orderDate: z.iso.datetime().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  shippingAddress1: z.string().nullable(),
  shippingAddress2: z.string().nullable(),
  shippingCity: z.string().nullable(),
  shippingState: z.string().nullable(),
  shippingZip: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportSearchResponse = z.object({
  data: z.array(reportRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
});

export const exportFormats = ['csv', 'xlsx', 'pdf'] as const;
export const reportExportRequest = reportFilters.and(
  z.object({ format: z.enum(exportFormats, { error: 'format must be csv, xlsx or pdf' }) }),
);
