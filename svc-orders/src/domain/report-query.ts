import type { QueryFilter, SortOrder } from 'mongoose';
import type { reportFilters, reportSortFields } from '@onvelope/contracts';
import type { z } from 'zod';
import { countryCodesMatching, countryNamesOf } from './countries.js';
import { escapeRegExp } from './text-pattern.js';

export type ReportFilters = z.output<typeof reportFilters>;
type ReportSortField = (typeof reportSortFields)[number];

/** The stored field behind each report sort field (the report speaks of customers). */
const storedSortField: Record<ReportSortField, string> = {
  createdAt: 'createdAt',
  orderDate: 'orderDate',
  shippedAt: 'shippedAt',
  orderNumber: 'orderNumber',
  customerFirstName: 'firstName',
  customerLastName: 'lastName',
  customerEmail: 'email',
  status: 'status',
  courier: 'courier',
  trackingNumber: 'trackingNumber',
  shippingCountry: 'shippingCountry',
};

/** Text taken literally inside a regular expression. */

const contains = (text: string) => ({ $regex: escapeRegExp(text), $options: 'i' });

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The createdAt range. A date without a time is a whole UTC day: createdFrom from its first
 * instant, createdTo up to (not including) the next day's first instant, so 'to 2026-03-01'
 * includes orders created at 23:59 that day. A date with a time is that instant, inclusive.
 */
function createdRange(from: string | undefined, to: string | undefined) {
  const range: { $gte?: Date; $lte?: Date; $lt?: Date } = {};
  if (from) range.$gte = new Date(Date.parse(from));
  if (to) {
    if (DATE_ONLY.test(to)) range.$lt = new Date(Date.parse(to) + DAY_MS);
    else range.$lte = new Date(Date.parse(to));
  }
  return Object.keys(range).length ? range : undefined;
}

/**
 * Stored countries a country filter text finds, ignoring case: each code it means, stored as a
 * code (anchored: 'GB', never 'GBX'); and stored names: for a code text, any of its country's
 * names exactly ('United States', 'United States of America'); for other text, any stored value
 * that contains it.
 */
function countryPatternOf(text: string) {
  const codes = countryCodesMatching(text);
  const isCode = codes.length === 1 && codes[0] === text.trim().toUpperCase();
  const alternatives = codes.map((code) => `^${code}$`);
  if (isCode) {
    alternatives.push(
      ...countryNamesOf(codes[0] as string).map((name) => `^${escapeRegExp(name)}$`),
    );
  } else {
    alternatives.push(escapeRegExp(text.trim()));
  }
  return { $regex: alternatives.join('|'), $options: 'i' };
}

/**
 * The report's filters (spec 000 §7) as a query on tracking entries, without the account (the
 * repository adds it). Every text is taken literally and matched ignoring case:
 * - orderNumber: the order numbers that start with it, with or without a leading '#'
 *   ('10' finds #100 and 1042; '#1001' finds 1001);
 * - email: addresses that contain it ('@example.com' finds the whole domain);
 * - courierContains, q (tracking number), itemsContains (Items text or product name): contains;
 * - shippingCountryContains: the orders whose stored country is one of the codes the text means
 *   (`countryCodesMatching`), or whose stored value itself contains the text (a store-front that
 *   stored a name);
 * - status: one status; '' and 'all' mean any.
 */
export function reportQueryOf(filters: ReportFilters): QueryFilter<unknown> {
  const query: Record<string, unknown> = {};

  const orderNumber = filters.orderNumber?.replace(/^#/, '');
  if (orderNumber) {
    query.orderNumber = { $regex: `^#?${escapeRegExp(orderNumber)}`, $options: 'i' };
  }
  if (filters.email) query.email = contains(filters.email);
  if (filters.status && filters.status !== 'all') query.status = filters.status;
  if (filters.courierContains) query.courier = contains(filters.courierContains);
  if (filters.q) query.trackingNumber = contains(filters.q);
  if (filters.itemsContains) {
    query.$or = [
      { items: contains(filters.itemsContains) },
      { productName: contains(filters.itemsContains) },
    ];
  }
  if (filters.shippingCountryContains) {
    query.shippingCountry = countryPatternOf(filters.shippingCountryContains);
  }
  const created = createdRange(filters.createdFrom, filters.createdTo);
  if (created) query.createdAt = created;
  return query;
}

/**
 * The sort of a report: the chosen field, then `_id` in the same direction, so paging through
 * equal values neither repeats nor skips a row. Country sorts by the stored code, not the name.
 */
export function reportSortOf(
  sortBy: ReportSortField,
  sortDir: 'asc' | 'desc',
): Record<string, SortOrder> {
  const direction = sortDir === 'asc' ? 1 : -1;
  return { [storedSortField[sortBy]]: direction, _id: direction };
}

/** The filters and sort in words, for the title of a pdf report ('none' when nothing is set). */
export function describeReportFilters(filters: ReportFilters): string {
  const parts = [
    filters.orderNumber && `order number starts with '${filters.orderNumber}'`,
    filters.email && `email contains '${filters.email}'`,
    filters.status && filters.status !== 'all' && `status ${filters.status}`,
    filters.courierContains && `courier contains '${filters.courierContains}'`,
    filters.q && `tracking number contains '${filters.q}'`,
    filters.itemsContains && `items contain '${filters.itemsContains}'`,
    filters.shippingCountryContains && `shipping country '${filters.shippingCountryContains}'`,
    filters.createdFrom && `created from ${filters.createdFrom}`,
    filters.createdTo && `created to ${filters.createdTo}`,
  ].filter(Boolean);
  return `${parts.length ? parts.join('; ') : 'none'} (sorted by ${filters.sortBy} ${filters.sortDir === 'asc' ? 'ascending' : 'descending'})`;
}
