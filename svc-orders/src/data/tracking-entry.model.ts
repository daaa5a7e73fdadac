import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import {
  carrierStatuses,
  orderSources,
  trackingEntrySortFields,
  type DeliveryRecord,
  type OrderLineItem,
  type TrackingEntry,
} from '@onvelope/contracts';
import type { StoredHistoryEntry } from '../domain/order-history.js';
import { postcodeOf, shippingZipOf } from '../domain/order-postcode.js';

const text = { type: String, default: null };
const number = { type: Number, default: null };
const date = { type: Date, default: null };

/** `orderLineItem` of the contracts, in its field order. */
const lineItemSchema = new Schema(
  {
    name: { type: String, required: true },
    option: text,
    productId: text,
    imageUrl: text,
    quantity: { type: Number, required: true },
    price: number,
  },
  { _id: false },
);

/** One change of an order (see `domain/order-history.ts`). */
const historyEntrySchema = new Schema(
  {
    at: { type: Date, required: true },
    by: { type: String, required: true },
    changes: [new Schema({ field: String, from: text, to: text }, { _id: false })],
  },
  { _id: false },
);

/**
 * A tracking entry (order), spec 000 §3. `version` grows by one on every change and is the version
 * of the `trackingEntryUpserted` event; `searchText` holds what search looks in, as one string,
 * and `searchGrams` the keys search finds it by (see `searchFieldsOf`).
 */
const trackingEntrySchema = new Schema(
  {
    accountId: { type: String, required: true },
    orderNumber: { type: String, required: true },
    /** `orderKeyOf(accountId, orderNumber)`: filled on save; writes that bypass mongoose set it. */
    orderKey: { type: String, required: true },
    source: { type: String, enum: orderSources, required: true, default: 'csv' },
    externalId: { type: String },
    connectionId: { type: String },
    /** `storeFrontKeyOf(accountId, source, externalId)`; set with externalId, absent for CSV orders. */
    storeFrontKey: { type: String },
    version: { type: Number, required: true, default: 1 },
    firstName: text,
    lastName: text,
    customerName: text,
    email: text,
    postcode: text,
    status: { type: String, required: true, default: 'pending' },
    courier: text,
    trackingNumber: text,
    trackingUrl: text,
    personalNote: text,
    orderDate: date,
    shippedAt: date,
    shippingAddress1: text,
    shippingAddress2: text,
    shippingCity: text,
    shippingState: text,
    shippingCountry: text,
    shippingZip: text,
    items: text,
    /** Each line of the order when the source listed them (store-fronts); see `lineItemsOf`. */
    lineItems: { type: [lineItemSchema], default: undefined },
    productName: text,
    productId: text,
    productImageUrl: text,
    quantity: number,
    itemPrice: number,
    itemTotal: number,
    /** The ISO 4217 code of the order's amounts (`currencyCodeOf`); null when the source gave none. */
    currency: text,
    /** What the buyer paid, tax and shipping included, when the source says (store exports). */
    orderTotal: number,
    quantityShipped: number,
    quantityUnshipped: number,
    categoryNames: text,
    keywordMessage: text,
    keywordExplanation: text,
    /** The keyword rule that set the status, while it is the rule's (see `nextStatusOf`). */
    statusRule: {
      type: new Schema({ id: { type: String }, keyword: { type: String } }, { _id: false }),
      default: null,
    },
    merchant: {
      type: new Schema({ name: text, website: text }, { _id: false }),
      default: null,
    },
    searchText: { type: String, default: '' },
    /**
     * The keys search looks a term up by (`searchFieldsOf`): about a hundred per entry, so reads
     * leave them out unless they name them.
     */
    searchGrams: { type: [String], default: undefined, select: false },
    /**
     * What the tracking provider last said of the shipment, in the contract's shape (see
     * `apply-carrier-update.ts`); its status and time are repeated below for the queries on them.
     */
    delivery: { type: Schema.Types.Mixed, default: null },
    carrierStatus: { type: String, enum: carrierStatuses, default: null },
    carrierUpdatedAt: date,
    /**
     * The order's latest changes, oldest first, at most `MAX_ORDER_HISTORY`: kept with the order
     * so a change and its history are one write. Bulk reads leave it out.
     */
    history: { type: [historyEntrySchema], default: undefined },
  },
  { timestamps: true, collection: 'tracking_entries' },
);

trackingEntrySchema.index({ accountId: 1, orderNumber: 1 }, { unique: true });
// The same uniqueness as one field, so an import looks up a batch of order numbers with one `$in`
// that every server answers from an index: mongo-java-server (the test and benchmark server) uses
// an index only for a query naming exactly its fields, never for a compound `$in`, and not for
// sparse indexes. Hence required, and not sparse.
trackingEntrySchema.index({ orderKey: 1 }, { unique: true });
// Unique per account by source and external id for store-front orders. One sparse field rather
// than a partial compound index: mongo-java-server (the test server) ignores partial filters, and
// a sparse compound index would still index every CSV order (accountId is always present).
trackingEntrySchema.index({ storeFrontKey: 1 }, { unique: true, sparse: true });
// Spec 000 §9: every sort field, account first, `_id` last as the tie-breaker the list sorts by,
// so a page is read from the index in either direction. orderNumber is served by the unique index
// above plus this one (which also carries the tie-breaker).
for (const field of trackingEntrySortFields) {
  trackingEntrySchema.index({ accountId: 1, [field]: 1, _id: 1 });
}
// The same with the status first, for a list narrowed to statuses (a status filter, or the open
// statuses of the hide-shipped toggle, the dashboard's default): MongoDB reads each status's run
// in sort order and merges them, so a page costs its 25 entries, not the seller's orders (issue
// 41). Sorting by status itself is served by the loop above.
for (const field of trackingEntrySortFields.filter((sortField) => sortField !== 'status')) {
  trackingEntrySchema.index({ accountId: 1, status: 1, [field]: 1, _id: 1 });
}
// The report's two sort fields the list does not have (`reportSortOf`: the field, then `_id`), so
// a report page or export in that order is read along the index instead of sorting every order of
// the seller in memory (issue 41: 1.5 s by last name at 100,000 orders).
for (const field of ['lastName', 'shippingCountry']) {
  trackingEntrySchema.index({ accountId: 1, [field]: 1, _id: 1 });
}
// Seller search (`searchFilterOf`): MongoDB reads the seller's entries holding one of the term's
// grams and tests the pattern on those alone. mongo-java-server serves this index on its first key
// only, the account, and tests the rest in memory.
trackingEntrySchema.index({ accountId: 1, searchGrams: 1 });
// The Needs attention view: the account's shipments by carrier status, the quietest first.
trackingEntrySchema.index({ accountId: 1, carrierStatus: 1, carrierUpdatedAt: 1 });
// A buyer's lookup knows the order number but not the seller (numbers are unique per seller only).
trackingEntrySchema.index({ orderNumber: 1 });
// Clearing CSV data walks the account's CSV entries.
trackingEntrySchema.index({ accountId: 1, source: 1, _id: 1 });
// The guard of a write that lands only if the entry is unchanged (`updateIfUnchanged`: rules,
// shipments). MongoDB serves that filter from `_id` alone; mongo-java-server only from a unique
// index naming exactly its fields, and scanned the collection for every guarded write (a 3,000-order
// rule apply took 11-21 s). Unique by construction, since `_id` is.
trackingEntrySchema.index({ accountId: 1, _id: 1, version: 1 }, { unique: true });

/** JSON with every object's keys sorted, so equal lists of objects give equal texts. */
const canonicalJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/**
 * Whether a stored value equals a new one (dates by time, lists and objects by content; missing
 * and null are the same).
 */
export const sameStoredValue = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
    : (a && typeof a === 'object') || (b && typeof b === 'object')
      ? canonicalJson(a ?? null) === canonicalJson(b ?? null)
      : (a ?? null) === (b ?? null);

/** The single-field unique key of an order: its account and order number. */
export const orderKeyOf = (accountId: string, orderNumber: string) =>
  JSON.stringify([accountId, orderNumber]);

// Runs before validation, so `required` holds for every document saved through mongoose.
trackingEntrySchema.pre('validate', function fillOrderKey() {
  this.orderKey ??= orderKeyOf(this.accountId, this.orderNumber);
});

// Entries are read lean, so their line items are plain objects, not mongoose sub-documents.
export type TrackingEntryDocument = Omit<
  InferSchemaType<typeof trackingEntrySchema>,
  'lineItems' | 'delivery' | 'history'
> & {
  lineItems?: OrderLineItem[] | null;
  history?: StoredHistoryEntry[] | null;
  delivery?: DeliveryRecord | null;
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

/** The model on a service's own connection (each service owns its database). */
export function trackingEntryModel(db: Connection): Model<TrackingEntryDocument> {
  return registeredModel<TrackingEntryDocument>(db, 'TrackingEntry', trackingEntrySchema);
}

/** The unique key of a store-front order: set it whenever `externalId` is set. */
export const storeFrontKeyOf = (accountId: string, source: string, externalId: string) =>
  JSON.stringify([accountId, source, externalId]);

/** Statuses the dashboard's hide-shipped toggle hides (see README: partially shipped stays). */
export const shippedStatuses = ['shipped', 'delivered'] as const;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** Maps a stored entry (document or lean object) to the contract shape. */
export function toTrackingEntry(doc: TrackingEntryDocument): TrackingEntry {
  return {
    id: String(doc._id),
    accountId: doc.accountId,
    orderNumber: doc.orderNumber,
    firstName: doc.firstName ?? null,
    lastName: doc.lastName ?? null,
    customerName: doc.customerName ?? null,
    email: doc.email ?? null,
    postcode: postcodeOf(doc),
    status: doc.status,
    courier: doc.courier ?? null,
    trackingNumber: doc.trackingNumber ?? null,
    trackingUrl: doc.trackingUrl ?? null,
    personalNote: doc.personalNote ?? null,
    orderDate: iso(doc.orderDate),
    shippedAt: iso(doc.shippedAt),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    shippingAddress1: doc.shippingAddress1 ?? null,
    shippingAddress2: doc.shippingAddress2 ?? null,
    shippingCity: doc.shippingCity ?? null,
    shippingState: doc.shippingState ?? null,
    shippingCountry: doc.shippingCountry ?? null,
    shippingZip: shippingZipOf(doc),
    items: doc.items ?? null,
    productName: doc.productName ?? null,
    productId: doc.productId ?? null,
    productImageUrl: doc.productImageUrl ?? null,
    quantity: doc.quantity ?? null,
    itemPrice: doc.itemPrice ?? null,
    itemTotal: doc.itemTotal ?? null,
    currency: doc.currency ?? null,
    quantityShipped: doc.quantityShipped ?? null,
    quantityUnshipped: doc.quantityUnshipped ?? null,
    categoryNames: doc.categoryNames ?? null,
    keywordMessage: doc.keywordMessage ?? null,
    keywordExplanation: doc.keywordExplanation ?? null,
    statusRule: doc.statusRule?.id
      ? { id: doc.statusRule.id, keyword: doc.statusRule.keyword ?? '' }
      : null,
    source: doc.source,
    merchant: doc.merchant
      ? { name: doc.merchant.name ?? null, website: doc.merchant.website ?? null }
      : null,
    delivery: doc.delivery ?? null,
  };
}

/**
 * What the seller's search looks in (spec 000 §2, issue 16 item 8): the order number, names,
 * email, postcode, tracking number and line item names of an entry, as one string, and the keys
 * of its search index. Every writer stores both; see `domain/search-terms.ts` and
 * `domain/search-terms-grams.ts` for the formats and their bounds.
 */
export { searchTextOf } from '../domain/search-terms.js';
export { searchFieldsOf } from '../domain/search-terms-grams.js';
