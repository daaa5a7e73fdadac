import {
  MAX_ORDER_HISTORY,
  type OrderChangeActor,
  type OrderHistoryEntry,
} from '@onvelope/contracts';

/**
 * The fields of an order its history follows: what the seller sees and may correct. Derived and
 * bookkeeping fields (search text, version, the carrier's delivery record, shipped date) are left
 * out: they follow from these, and the carrier's record changes with every scan.
 */
export const historyFields = [
  'status',
  'courier',
  'trackingNumber',
  'trackingUrl',
  'firstName',
  'lastName',
  'email',
  'postcode',
  'shippingAddress1',
  'shippingAddress2',
  'shippingCity',
  'shippingState',
  'shippingCountry',
  'shippingZip',
  'items',
  'personalNote',
  'keywordMessage',
] as const;
type HistoryField = (typeof historyFields)[number];

/** A value longer than this is kept cut short, so one change of a long note stays small. */
export const MAX_HISTORY_VALUE_LENGTH = 200;

export { MAX_ORDER_HISTORY };

/** One change as stored with the order (`at` a date, as MongoDB keeps it). */
export interface StoredHistoryEntry extends Omit<OrderHistoryEntry, 'at'> {
  at: Date;
}

const textOf = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const text = value instanceof Date ? value.toISOString() : String(value);
  return text.length > MAX_HISTORY_VALUE_LENGTH
    ? `${text.slice(0, MAX_HISTORY_VALUE_LENGTH - 1)}…`
    : text;
};

/**
 * The history entry of one write: each followed field the write sets to another value, from what
 * the order held before. Null when the write changes none of them (a carrier's scan, a rules pass
 * that finds nothing new), so the history keeps only changes a person would call one.
 *
 * @example
 * historyEntryOf({ courier: 'DPD' }, { courier: 'DHL' }, 'seller', now)
 * // { at: now, by: 'seller', changes: [{ field: 'courier', from: 'DPD', to: 'DHL' }] }
 */
export function historyEntryOf(
  before: Partial<Record<HistoryField, unknown>>,
  set: Partial<Record<HistoryField, unknown>>,
  by: OrderChangeActor,
  at: Date,
): StoredHistoryEntry | null {
  const changes = historyFields.flatMap((field) => {
    if (!(field in set)) return [];
    const from = textOf(before[field]);
    const to = textOf(set[field]);
    return from === to ? [] : [{ field, from, to }];
  });
  return changes.length ? { at, by, changes } : null;
}

/** The stored history as the contract shows it: newest first. */
export const historyNewestFirst = (
  history: readonly StoredHistoryEntry[] | null | undefined,
): OrderHistoryEntry[] =>
  [...(history ?? [])].reverse().map((entry) => ({
    at: entry.at.toISOString(),
    by: entry.by,
    changes: entry.changes.map(({ field, from, to }) => ({ field, from, to })),
  }));
