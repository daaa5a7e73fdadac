import {
  AdminError,
  asyncOperations,
  faultAndRequestOperations,
  type FaultAndRequestAdmin,
} from '@onvelope/sim-kit';
import {
  isPaymentStatus,
  paymentStatuses,
  type Order,
  type PaymentStatus,
} from './domain/order.js';
import { ApiFailure } from './http/errors.js';
import { orderResource } from './http/json-api.js';
import { FaultState, type Faults } from './state/faults.js';
import { type RequestFilter, type RequestRecord } from './state/request-log.js';
import { type SimState, type StoreOptions } from './state/sim-state.js';
import { type Store } from './state/store.js';
import { updateOrder } from './use-cases/update-order.js';

export interface StoreSummary {
  accountId: string;
  subdomain: string;
  storeName: string;
  contactEmail: string;
  /** The public store URL, `https://{subdomain}.bigcartel.com`. */
  url: string;
  currency: string;
  country: string;
  ordersCount: number;
}

export interface StoreCredentials extends StoreSummary {
  /** A token issued for the simulator's client, as if the owner had approved it. */
  accessToken: string;
}

export interface OrderChanges {
  /** Add this many new orders (placed now, paid, unshipped). */
  add?: number;
  /** When the added orders were placed (ISO or epoch ms); now by default, never before the newest order. */
  at?: string | number;
  /** Bump `updated_at` of this many existing orders (spread evenly over the store) and change their note. */
  touch?: number;
  /**
   * Change given orders with the attributes a PATCH accepts (shipping_status, customer_*, shipping_*),
   * and `payment_status`, which no API client can write: what the payment processor says happened.
   */
  update?: { id: string; attributes: Record<string, unknown> }[];
}

export interface OrderChangesResult {
  added: string[];
  updated: string[];
  ordersCount: number;
}

export interface ShipmentSnapshot {
  id: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  notifyCustomer: boolean;
  items: { orderLineItemId: string; quantity: number }[];
  createdAt: string;
}

export interface OrderSnapshot {
  accountId: string;
  id: string;
  shippingStatus: 'unshipped' | 'shipped';
  updatedAt: string;
  items: { id: string; productName: string; quantity: number; quantityShipped: number }[];
  shipments: ShipmentSnapshot[];
  /** The order's attributes exactly as the API shows them. */
  attributes: Record<string, unknown>;
}

/**
 * Controls a running simulator: the same operations in process (from `startStoreFrontSim`) and over
 * HTTP (`connectStoreFrontSimAdmin`, for a simulator in another process).
 */
export interface StoreFrontSimAdmin extends FaultAndRequestAdmin<
  Faults,
  RequestFilter,
  RequestRecord
> {
  listStores(): Promise<StoreSummary[]>;
  createStore(options?: StoreOptions): Promise<StoreCredentials>;
  changeOrders(accountId: string, changes: OrderChanges): Promise<OrderChangesResult>;
  /** A fresh access token for the store, skipping the OAuth screens. */
  issueToken(accountId: string): Promise<string>;
  /** Revokes a token now; false when the token is unknown. */
  revokeToken(token: string): Promise<boolean>;
  /** The store preselected on the authorise screen (the first store until changed). */
  signIn(accountId: string): Promise<void>;
  getOrder(accountId: string, orderId: string): Promise<OrderSnapshot | undefined>;
  /**
   * Faults on one store's requests only, beside the global ones (which still apply to it); merges
   * as `setFaults` does. Tests that share a simulator each fault their own store.
   */
  setStoreFaults(accountId: string, faults: Faults): Promise<Faults>;
  getStoreFaults(accountId: string): Promise<Faults>;
  clearStoreFaults(accountId: string): Promise<void>;
}

export function storeSummary(store: Store): StoreSummary {
  const { profile } = store;
  return {
    accountId: profile.accountId,
    subdomain: profile.subdomain,
    storeName: profile.storeName,
    contactEmail: profile.contactEmail,
    url: `https://${profile.subdomain}.bigcartel.com`,
    currency: profile.currency,
    country: profile.homeCountry,
    ordersCount: store.ordersCount,
  };
}

function orderSnapshot(store: Store, order: Order): OrderSnapshot {
  return {
    accountId: store.profile.accountId,
    id: order.id,
    shippingStatus: order.shippingStatus,
    updatedAt: new Date(order.updatedAt).toISOString(),
    items: order.items.map((item) => ({
      id: item.id,
      productName: item.productName,
      quantity: item.quantity,
      quantityShipped: item.quantityShipped,
    })),
    shipments: order.shipments.map((shipment) => ({
      ...shipment,
      items: shipment.items.map((item) => ({ ...item })),
      createdAt: new Date(shipment.createdAt).toISOString(),
    })),
    attributes: orderResource(order, store.profile.accountId, '').attributes,
  };
}

function wholeNumber(value: unknown, name: string, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new AdminError(`${name} must be a whole number from 0 to ${max}`);
  }
  return value;
}

function readPaymentStatus(value: unknown): PaymentStatus {
  if (!isPaymentStatus(value)) {
    throw new AdminError(`payment_status must be one of ${paymentStatuses.join(', ')}`);
  }
  return value;
}

/** The admin operations on the simulator's own state. */
export function createLocalAdmin(state: SimState): StoreFrontSimAdmin {
  const storeOf = (accountId: string): Store => {
    const store = state.stores.get(accountId);
    if (!store) throw new AdminError(`no store with account id ${accountId}`, true);
    return store;
  };

  function changeOrders(accountId: string, changes: OrderChanges): OrderChangesResult {
    const store = storeOf(accountId);
    const now = Date.now();
    const updated = new Set<string>();
    for (const change of changes.update ?? []) {
      const order = store.findOrder(String(change.id));
      if (!order) throw new AdminError(`no order ${change.id} in store ${accountId}`, true);
      const { payment_status: payment, ...attributes } = change.attributes ?? {};
      const paymentStatus = payment === undefined ? undefined : readPaymentStatus(payment);
      try {
        const changed = updateOrder(store, order, { data: { type: 'orders', attributes } }, now);
        if (paymentStatus) store.save({ ...changed, paymentStatus });
      } catch (error) {
        if (error instanceof ApiFailure) throw new AdminError(`${change.id}: ${error.message}`);
        throw error;
      }
      updated.add(order.id);
    }
    const touch = wholeNumber(changes.touch ?? 0, 'touch', store.ordersCount);
    for (let k = 0; k < touch; k += 1) {
      const order = store.orderAt(Math.floor((k * store.ordersCount) / touch));
      store.save({
        ...order,
        customerNote: `Updated by the store owner (${k + 1})`,
        updatedAt: now,
      });
      updated.add(order.id);
    }
    const addCount = wholeNumber(changes.add ?? 0, 'add', 100_000);
    const at = changes.at === undefined ? now : new Date(changes.at).getTime();
    if (Number.isNaN(at)) throw new AdminError('at must be an ISO date-time or epoch milliseconds');
    const added = addCount > 0 ? store.addOrders(addCount, at) : [];
    return { added, updated: [...updated], ordersCount: store.ordersCount };
  }

  return asyncOperations({
    listStores: () => [...state.stores.values()].map(storeSummary),
    createStore: (options: StoreOptions = {}) => {
      let store: Store;
      try {
        store = state.createStore(options);
      } catch (error) {
        throw new AdminError((error as Error).message);
      }
      return {
        ...storeSummary(store),
        accessToken: state.oauth.issueToken(store.profile.accountId).token,
      };
    },
    changeOrders,
    issueToken: (accountId: string) =>
      state.oauth.issueToken(storeOf(accountId).profile.accountId).token,
    revokeToken: (token: string) => state.oauth.revoke(token),
    signIn: (accountId: string) => {
      state.signedInAccountId = storeOf(accountId).profile.accountId;
    },
    getOrder: (accountId: string, orderId: string) => {
      const store = storeOf(accountId);
      const order = store.findOrder(orderId);
      return order ? orderSnapshot(store, order) : undefined;
    },
    setStoreFaults: (accountId: string, faults: Faults) => {
      storeOf(accountId);
      const elsewhere = Object.values(faults).find(
        (fault: { accountId?: string } | null | undefined) =>
          fault?.accountId !== undefined && fault.accountId !== accountId,
      );
      if (elsewhere) {
        throw new AdminError(
          `a fault of store ${accountId} cannot target store ${elsewhere.accountId}: it would never apply`,
        );
      }
      const scope = state.storeFaults.get(accountId) ?? new FaultState();
      state.storeFaults.set(accountId, scope);
      return scope.set(faults);
    },
    getStoreFaults: (accountId: string) => {
      storeOf(accountId);
      return state.storeFaults.get(accountId)?.current() ?? {};
    },
    clearStoreFaults: (accountId: string) => {
      storeOf(accountId);
      state.storeFaults.delete(accountId);
    },
    ...faultAndRequestOperations(state.faults, state.requests),
  });
}
