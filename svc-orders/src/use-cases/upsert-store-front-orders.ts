import type { Connection, QueryFilter } from 'mongoose';
import type { RequestOf, ReplyOf, upsertStoreFrontOrders } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { type NatsConnection } from '@onvelope/service-kit/nats';
import { forAccount } from '@onvelope/service-kit/mongo';
import { keywordRulesOf } from '../data/keyword-rule.model.js';
import { nextStatusOf, storedStatusOf } from '../data/tracking-entry-status.js';
import {
  trackingEntryWrites,
  type EntryFields,
  type EntryWrite,
} from '../data/tracking-entry-writes.js';
import {
  storeFrontKeyOf,
  sameStoredValue,
  trackingEntryModel,
  type TrackingEntryDocument,
} from '../data/tracking-entry.model.js';
import {
  evaluateKeywordRules,
  ruleSubjectOf,
  type KeywordRuleLike,
} from '../domain/keyword-rules.js';
import { normaliseCourier, resolveShipment } from '../domain/carriers.js';
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

/**
 * What the store-front owns of an order. The courier, tracking number and link are the seller's
 * once set (`trackingOf`); the notes are the seller's.
 */
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

type Stored = TrackingEntryDocument;
type Tracking = Pick<EntryFields, 'courier' | 'trackingNumber' | 'trackingUrl'>;

/**
 * The store-front's tracking of an order, while the order has no tracking number of its own: a
 * number entered in ONVELOPE (or brought by an earlier sync) is never replaced, and a store-front
 * without a shipment clears nothing. The three are taken as one, so a courier never goes with
 * another carrier's number; the courier is named and the link built as when the seller ships.
 */
function trackingOf(order: StoreFrontOrder, stored: Stored | undefined): Tracking {
  const shipment = order.shipment;
  if (!shipment || stored?.trackingNumber) return {};
  if (shipment.trackingNumber) {
    const resolved = resolveShipment({
      courier: shipment.courier ?? '',
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
    });
    return {
      courier: resolved.courier || null,
      trackingNumber: resolved.trackingNumber,
      trackingUrl: resolved.trackingUrl,
    };
  }
  return {
    courier: shipment.courier ? (normaliseCourier(shipment.courier) ?? shipment.courier) : null,
    trackingNumber: null,
    trackingUrl: shipment.trackingUrl,
  };
}

/**
 * What a store-front order sets: its own fields, its status and shipped date by `nextStatusOf`
 * (never moving an order back; keyword rules move open orders as in CSV imports), and the rules'
 * message.
 */
function fieldsOf(
  order: StoreFrontOrder,
  stored: Stored | undefined,
  rules: readonly KeywordRuleLike[],
  now: Date,
): EntryFields {
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
  // Store-front orders carry no courier or total: conditions on them see no value.
  const outcome = evaluateKeywordRules(rules, ruleSubjectOf({ ...order, customerName }), now);
  const next = nextStatusOf(stored ? storedStatusOf(stored) : null, {
    source: 'storeFront',
    status: order.status,
    shippedAt: order.status === 'shipped' && order.shippedAt ? new Date(order.shippedAt) : null,
    rules: outcome,
    now,
  });
  // The buyer's checkout note fills the order's note while it is empty; the seller's is kept.
  const note = order.customerNote?.trim();
  return {
    ...(values as EntryFields),
    // An older svc-sync sends no currency: the one stored (by a newer sync or an export file) stays.
    ...(order.currency ? { currency: order.currency } : {}),
    ...(note && !stored?.personalNote ? { personalNote: note } : {}),
    ...trackingOf(order, stored),
    status: next.status,
    shippedAt: next.shippedAt,
    statusRule: next.statusRule,
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
  const entries = trackingEntryWrites(trackingEntryModel(deps.db), accountId, 'sync');
  const now = (deps.now ?? (() => new Date()))();
  // The last copy of an order in the batch wins.
  const orders = [...new Map(request.orders.map((order) => [order.externalId, order])).values()];
  if (!orders.length) return { created: 0, updated: 0, unchanged: 0 };

  const keyOf = (order: StoreFrontOrder) =>
    storeFrontKeyOf(accountId, STORE_FRONT_SOURCE, order.externalId);
  const [rules, byOrderKey] = await Promise.all([
    keywordRulesOf(deps.db, accountId),
    entries.findByOrderNumbers(orders.map((order) => order.orderNumber)),
  ]);
  const stored = new Map<string, Stored>();
  const byOrderNumber = new Map<string, Stored>();
  for (const doc of byOrderKey) {
    if (doc.storeFrontKey) stored.set(doc.storeFrontKey, doc);
    // A CSV or manual entry of the same order is adopted; another store's order is not.
    else if (!doc.externalId) byOrderNumber.set(doc.orderNumber, doc);
  }
  // Big Cartel's order number is its id, so the lookup above finds every stored order; a
  // store-front whose numbers differ from its ids is looked up by store-front key as well
  // (a single-field unique index; the account is checked again on what comes back).
  const renumbered = orders.filter(
    (order) => order.orderNumber !== order.externalId && !stored.has(keyOf(order)),
  );
  if (renumbered.length) {
    const docs = await trackingEntryModel(deps.db)
      .find({ storeFrontKey: { $in: renumbered.map(keyOf) } })
      .select({ searchText: 0 })
      .lean<Stored[]>();
    for (const doc of docs) if (doc.accountId === accountId) stored.set(doc.storeFrontKey!, doc);
  }

  const counts = { created: 0, updated: 0, unchanged: 0 };
  const writes: EntryWrite[] = [];
  for (const order of orders) {
    const before = stored.get(keyOf(order)) ?? byOrderNumber.get(order.orderNumber);
    const set: EntryFields = {
      ...fieldsOf(order, before, rules, now),
      source: STORE_FRONT_SOURCE,
      externalId: order.externalId,
      connectionId,
    };
    if (before) {
      const current = { ...before, statusRule: storedStatusOf(before).statusRule };
      const unchanged = Object.entries(set).every(([field, value]) =>
        sameStoredValue(value, current[field as keyof typeof current]),
      );
      if (unchanged) {
        counts.unchanged += 1;
        continue;
      }
      writes.push(entries.updateIfUnchanged(before, set, now));
      counts.updated += 1;
      continue;
    }
    const document = entries.newEntry(order.orderNumber, set, now);
    // Another sync of the same store-front stored it meanwhile: this one updates it.
    writes.push(
      entries.insert(document, () =>
        entries.upsertOperation(order.orderNumber, entries.setOf(document, set, now), now, {
          storeFrontKey: document.storeFrontKey,
        }),
      ),
    );
    counts.created += 1;
  }
  if (!writes.length) return counts;
  const { skipped, failed } = await entries.writeBatch(writes, now);
  const refused = skipped.size + failed.size;
  if (refused) {
    // Their order numbers belong to another store's orders of the seller: those are kept.
    deps.log.warn(
      { accountId, skipped: refused },
      'store-front orders skipped: order number taken',
    );
  }
  counts.created -= refused;
  counts.unchanged += refused;
  return counts;
}

const storeFrontFilter = (connectionId: string | null): QueryFilter<TrackingEntryDocument> => ({
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
  return deleteEntries(trackingEntryModel(deps.db), accountId, storeFrontFilter(connectionId));
}
