import mongoose, { type Connection, type Model } from 'mongoose';
import type { RequestOf, ReplyOf, upsertStoreFrontOrders } from '@onvelope/contracts';
import { forAccount, type Logger, type NatsConnection } from '@onvelope/service-kit';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import {
  orderKeyOf,
  searchTermsOf,
  storeFrontKeyOf,
  sameStoredValue,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import { writeInOrder, type OrderedWrite } from '../data/write-in-order.js';
import {
  evaluateKeywordRules,
  itemsTextOf,
  type KeywordRuleLike,
} from '../domain/keyword-rules.js';
import { changeOf, publishTrackingEntriesUpserted } from '../events/tracking-entry-events.js';
import { deleteEntries } from './clear-orders.js';

type UpsertRequest = RequestOf<typeof upsertStoreFrontOrders>;
type StoreFrontOrder = UpsertRequest['orders'][number];
type UpsertReply = ReplyOf<typeof upsertStoreFrontOrders>;

export const STORE_FRONT_SOURCE = 'bigcartel';

export interface StoreFrontOrdersDeps {
  db: Connection;
  nats: NatsConnection;
  log: Logger;
  now?: () => Date;
}

/** What the store-front owns of an order; the seller's courier, tracking and notes are never touched. */
const storeFrontFields = [
  'firstName',
  'lastName',
  'customerName',
  'email',
  'postcode',
  'orderDate',
  'shippingAddress1',
  'shippingAddress2',
  'shippingCity',
  'shippingState',
  'shippingCountry',
  'shippingZip',
  'items',
  'lineItems',
  'productName',
  'productId',
  'productImageUrl',
  'quantity',
  'itemPrice',
  'itemTotal',
  'quantityShipped',
  'quantityUnshipped',
  'categoryNames',
] as const;

const settled = new Set(['shipped', 'delivered']);
const open = new Set(['pending', 'processing']);

/**
 * The status an order gets: the store-front's, except that it never moves an order back (an order
 * the seller shipped here stays shipped even while the store-front still says unshipped), and the
 * keyword rules then move open orders as they do for CSV imports.
 */
function statusOf(order: StoreFrontOrder, stored: string | undefined, ruleStatus: string | null) {
  let status = order.status;
  if (stored && settled.has(stored) && status !== 'delivered') status = stored;
  if (stored === 'partially_shipped' && open.has(status)) status = stored;
  if (ruleStatus && open.has(status)) status = ruleStatus;
  return status;
}

type Stored = TrackingEntryDocument;

/**
 * The seller's entries with these orders' numbers, by `orderKey`: the unique single-field index
 * that every server (mongo-java-server included, which ignores sparse indexes such as
 * `storeFrontKey`'s) serves a `$in` from. The account is checked again on what comes back.
 */
async function findByOrderKeys(
  model: Model<TrackingEntryDocument>,
  accountId: string,
  orders: readonly StoreFrontOrder[],
): Promise<Stored[]> {
  const docs = await model
    .find({ orderKey: { $in: orders.map((order) => orderKeyOf(accountId, order.orderNumber)) } })
    .select({ searchTerms: 0 })
    .lean<Stored[]>();
  return docs.filter((doc) => doc.accountId === accountId);
}

function fieldsOf(
  order: StoreFrontOrder,
  stored: Stored | undefined,
  rules: readonly KeywordRuleLike[],
  now: Date,
): Record<string, unknown> {
  const customerName = [order.firstName, order.lastName].filter(Boolean).join(' ') || null;
  const values: Record<string, unknown> = {
    ...Object.fromEntries(
      storeFrontFields.map((field) => [
        field,
        // An older svc-sync sends no line items: stored as none, like every other missing field.
        field === 'customerName' ? customerName : (order[field as keyof StoreFrontOrder] ?? null),
      ]),
    ),
    orderDate: order.orderDate ? new Date(order.orderDate) : null,
  };
  const outcome = evaluateKeywordRules(
    rules,
    itemsTextOf({ items: order.items, productName: order.productName }),
    now,
  );
  const status = statusOf(order, stored?.status, outcome.status);
  const shippedAt =
    stored?.shippedAt ??
    (status === 'shipped'
      ? order.shippedAt
        ? new Date(order.shippedAt)
        : (outcome.date ?? now)
      : null);
  // The buyer's checkout note fills the order's note while it is empty; the seller's is kept.
  const note = order.customerNote?.trim();
  return {
    ...values,
    ...(note && !stored?.personalNote ? { personalNote: note } : {}),
    status,
    shippedAt,
    keywordMessage: outcome.message,
    keywordExplanation: outcome.explanation,
  };
}

/**
 * `orders.upsertBatch`: saves a page of store-front orders for one seller, keyed by source and
 * store-front order id, so a page delivered twice creates nothing twice. An order already imported
 * from a CSV file under the same order number becomes the store-front order (no duplicate). Keyword
 * rules are applied as for CSV imports, and every change is published. Answers how many orders
 * were new, changed and unchanged.
 */
export async function saveStoreFrontOrders(
  deps: StoreFrontOrdersDeps,
  request: UpsertRequest,
): Promise<UpsertReply> {
  const { accountId, connectionId } = request;
  const model = trackingEntryModel(deps.db);
  const now = (deps.now ?? (() => new Date()))();
  // The last copy of an order in the batch wins.
  const orders = [...new Map(request.orders.map((order) => [order.externalId, order])).values()];
  if (!orders.length) return { created: 0, updated: 0, unchanged: 0 };

  const keyOf = (order: StoreFrontOrder) =>
    storeFrontKeyOf(accountId, STORE_FRONT_SOURCE, order.externalId);
  const [rules, byOrderKey] = await Promise.all([
    keywordRulesOf(deps.db, accountId),
    findByOrderKeys(model, accountId, orders),
  ]);
  const stored = new Map<string, Stored>();
  const byOrderNumber = new Map<string, Stored>();
  for (const doc of byOrderKey) {
    if (doc.storeFrontKey) stored.set(doc.storeFrontKey, doc);
    // A CSV or manual entry of the same order is adopted; another store's order is not.
    else if (!doc.externalId) byOrderNumber.set(doc.orderNumber, doc);
  }
  // Big Cartel's order number is its id, so the lookup above finds every stored order; a
  // store-front whose numbers differ from its ids is looked up by store-front key as well.
  const renumbered = orders.filter(
    (order) => order.orderNumber !== order.externalId && !stored.has(keyOf(order)),
  );
  if (renumbered.length) {
    const docs = await model
      .find({ storeFrontKey: { $in: renumbered.map(keyOf) } })
      .select({ searchTerms: 0 })
      .lean<Stored[]>();
    for (const doc of docs) if (doc.accountId === accountId) stored.set(doc.storeFrontKey!, doc);
  }

  const counts = { created: 0, updated: 0, unchanged: 0 };
  const writes: OrderedWrite[] = [];
  for (const order of orders) {
    const storeFrontKey = keyOf(order);
    const before = stored.get(storeFrontKey) ?? byOrderNumber.get(order.orderNumber);
    const fields = fieldsOf(order, before, rules, now);
    const identity = {
      source: STORE_FRONT_SOURCE,
      externalId: order.externalId,
      connectionId,
      storeFrontKey,
    };
    if (
      before &&
      Object.entries({ ...fields, ...identity }).every(([field, value]) =>
        sameStoredValue(value, before[field as keyof Stored]),
      )
    ) {
      counts.unchanged += 1;
      continue;
    }
    const searchTerms = searchTermsOf({
      orderNumber: before?.orderNumber ?? order.orderNumber,
      firstName: fields.firstName as string | null,
      lastName: fields.lastName as string | null,
      email: fields.email as string | null,
      postcode: fields.postcode as string | null,
      trackingNumber: before?.trackingNumber ?? null,
    });
    const $set = { ...fields, ...identity, searchTerms, updatedAt: now };
    if (before) {
      writes.push({
        operation: {
          updateOne: {
            filter: { _id: before._id, accountId },
            update: { $set, $inc: { version: 1 } },
          },
        },
      });
      counts.updated += 1;
      continue;
    }
    const _id = new mongoose.Types.ObjectId();
    const onInsert = {
      accountId,
      orderNumber: order.orderNumber,
      orderKey: orderKeyOf(accountId, order.orderNumber),
      courier: null,
      trackingNumber: null,
      trackingUrl: null,
      // Unless the buyer's note fills it: one update may not both set and insert a field.
      ...('personalNote' in $set ? {} : { personalNote: null }),
      merchant: null,
      createdAt: now,
    };
    writes.push({
      operation: { insertOne: { document: { _id, ...onInsert, ...$set, version: 1 } } },
      onDuplicate: () => ({
        updateOne: {
          filter: { storeFrontKey },
          update: { $set, $inc: { version: 1 }, $setOnInsert: onInsert },
          upsert: true,
        },
      }),
    });
    counts.created += 1;
  }
  if (!writes.length) return counts;
  const { skipped: skippedWrites } = await writeInOrder(model, writes);
  const skipped = skippedWrites.size;
  if (skipped) {
    // Their order numbers belong to another store's orders of the seller: those are kept.
    deps.log.warn({ accountId, skipped }, 'store-front orders skipped: order number taken');
  }
  counts.created -= skipped;
  counts.unchanged += skipped;

  // Read back for the events (a raced insert has the other writer's id), keeping what this batch
  // wrote.
  const changed = (await findByOrderKeys(model, accountId, orders)).filter(
    (doc) => doc.storeFrontKey && doc.updatedAt.getTime() === now.getTime(),
  );
  await publishTrackingEntriesUpserted(deps.nats, accountId, changed.map(changeOf));
  return counts;
}

const storeFrontFilter = (connectionId: string | null) => ({
  source: STORE_FRONT_SOURCE,
  ...(connectionId ? { connectionId } : {}),
});

/** `orders.countStoreFront`: the seller's store-front orders (of one connection, or all). */
export function countStoredStoreFrontOrders(
  db: Connection,
  accountId: string,
  connectionId: string | null,
): Promise<number> {
  return forAccount(trackingEntryModel(db), accountId)
    .countDocuments(storeFrontFilter(connectionId))
    .exec();
}

/**
 * `orders.deleteStoreFront`: deletes the seller's store-front orders, announcing each deletion
 * before it happens (as clearing CSV data does).
 */
export function deleteStoredStoreFrontOrders(
  deps: StoreFrontOrdersDeps,
  accountId: string,
  connectionId: string | null,
): Promise<number> {
  return deleteEntries(
    trackingEntryModel(deps.db),
    deps.nats,
    accountId,
    storeFrontFilter(connectionId),
  );
}
