import type { Model } from 'mongoose';
import type { ReportRow, reportSearchRequest, reportSearchResponse } from '@onvelope/contracts';
import { forAccount } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import type { TrackingEntryDocument } from '../data/tracking-entry.model.js';
import { countryNameOf } from '../domain/countries.js';
import { shippingZipOf } from '../domain/order-postcode.js';
import { reportQueryOf, reportSortOf } from '../domain/report-query.js';

type Entries = Model<TrackingEntryDocument>;

/** The stored fields a report row is made of; nothing else is read. */
export const reportProjection = {
  orderNumber: 1,
  firstName: 1,
  lastName: 1,
  email: 1,
  status: 1,
  items: 1,
  productName: 1,
  shippingCountry: 1,
  courier: 1,
  trackingNumber: 1,
  orderDate: 1,
  shippedAt: 1,
  shippingAddress1: 1,
  shippingAddress2: 1,
  shippingCity: 1,
  shippingState: 1,
  shippingZip: 1,
  postcode: 1,
  itemTotal: 1,
  currency: 1,
} as const;

export type ReportSource = Pick<TrackingEntryDocument, keyof typeof reportProjection | '_id'>;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Spec 000 §3 "Report row": the customer's fields, the Items text (the product name for an order
 * that has none) and the country as its full name.
 */
export function toReportRow(doc: ReportSource): ReportRow {
  return {
    id: String(doc._id),
    orderNumber: doc.orderNumber,
    customerFirstName: doc.firstName ?? null,
    customerLastName: doc.lastName ?? null,
    customerEmail: doc.email ?? null,
    status: doc.status,
    items: doc.items ?? doc.productName ?? null,
    shippingCountry: countryNameOf(doc.shippingCountry),
    courier: doc.courier ?? null,
    trackingNumber: doc.trackingNumber ?? null,
    orderDate: iso(doc.orderDate),
    shippedAt: iso(doc.shippedAt),
    shippingAddress1: doc.shippingAddress1 ?? null,
    shippingAddress2: doc.shippingAddress2 ?? null,
    shippingCity: doc.shippingCity ?? null,
    shippingState: doc.shippingState ?? null,
    shippingZip: shippingZipOf(doc),
    itemTotal: doc.itemTotal ?? null,
    currency: doc.currency ?? null,
  };
}

/** A page of the seller's report (spec 000 §7 `POST /api/reports/search`). */
export async function searchReport(
  model: Entries,
  accountId: string,
  request: z.output<typeof reportSearchRequest>,
): Promise<z.infer<typeof reportSearchResponse>> {
  const entries = forAccount(model, accountId);
  const query = reportQueryOf(request);
  const [total, docs] = await Promise.all([
    entries.countDocuments(query),
    entries
      .find(query)
      .sort(reportSortOf(request.sortBy, request.sortDir))
      .skip((request.page - 1) * request.pageSize)
      .limit(request.pageSize)
      .select(reportProjection)
      .lean<ReportSource[]>(),
  ]);
  return {
    data: docs.map(toReportRow),
    total,
    page: request.page,
    pageSize: request.pageSize,
    totalPages: Math.ceil(total / request.pageSize),
  };
}
