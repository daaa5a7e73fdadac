import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import {
  indexIncluded,
  jsonApiResource,
  mapBigCartelOrder,
  orderListDocument,
  type StoreFrontOrder,
} from '../domain/bigcartel-order.js';
import { nextPageOf, type NextPage } from '../domain/order-paging.js';
import { backoffMs, isRetryableStatus, retryAfterMs } from '../domain/retry-policy.js';
import type { StoreFrontFailure } from '../domain/sync-failure-reason.js';
import { TokenBucket } from '../domain/token-bucket.js';

/** What a connection holds to call the store-front on the seller's behalf. */
export interface StoreFrontAuth {
  accessToken: string;
  /** The store's own account id at the store-front. */
  storeAccountId: string;
}

export interface StoreFrontAccount {
  storeAccountId: string;
  storeName: string;
  storeUrl: string;
}

export interface OrderPage {
  orders: StoreFrontOrder[];
  /** Orders on the page that could not be mapped (they are counted, not synced). */
  errors: string[];
  /** Ids of orders on the page still awaiting payment (counted, not synced until paid). */
  awaitingPayment: string[];
  /** How many orders the listing holds in all (the store-front's count), when it says. */
  total: number | null;
  /** The page after this one; null on the last. */
  next: NextPage;
}

export interface OrderListing {
  /** Only orders changed at or after this time (incremental sync). */
  updatedSince?: Date | null;
  pageLimit?: number;
}

export interface ShipmentDetails {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** A store-front call that failed for good (after the retries it deserved). */
export class StoreFrontError extends Error {
  constructor(
    readonly kind: StoreFrontFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'StoreFrontError';
  }
}

/** How long our side spent on store-front calls, for the benchmark and logs. */
export interface StoreFrontStats {
  requests: number;
  retries: number;
  /** Time spent in HTTP exchanges with the store-front (request sent to body read). */
  httpMs: number;
  /** Time spent waiting for the per-store rate limit or a retry delay. */
  delayMs: number;
}

/**
 * A hosted store-front the product syncs orders from. Big Cartel is the one built; Etsy and Shopify
 * are "coming soon" (spec 000 §1) and would be further implementations of this interface.
 */
export interface StoreFrontClient {
  readonly platform: 'bigcartel';
  /** Where the seller's browser goes to approve the connection. */
  authorizeUrl(state: string): string;
  exchangeCode(code: string): Promise<StoreFrontAuth>;
  getAccount(auth: StoreFrontAuth): Promise<StoreFrontAccount>;
  /** Revokes our access to the store (disconnect). */
  deauthorize(storeAccountId: string): Promise<void>;
  countOrders(auth: StoreFrontAuth, listing?: OrderListing): Promise<number>;
  /** The first page of a listing; later pages come from `OrderPage.next`. */
  firstOrderPageUrl(auth: StoreFrontAuth, listing?: OrderListing): string;
  fetchOrderPage(auth: StoreFrontAuth, url: string): Promise<OrderPage>;
  /** Records a shipment with tracking and leaves the order shipped. */
  markShipped(auth: StoreFrontAuth, orderId: string, shipment: ShipmentDetails): Promise<void>;
  /** Changes an order's writable attributes (`customer_*`, `shipping_*`, `shipping_status`). */
  updateOrder(auth: StoreFrontAuth, orderId: string, attributes: OrderAttributes): Promise<void>;
  stats(): StoreFrontStats;
}

/** Attributes of a Big Cartel order as its PATCH takes them (bigcartel-api.md, "PATCH the order"). */
export type OrderAttributes = Record<string, string | null>;

export interface BigCartelClientOptions {
  apiUrl: string;
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string;
  pageLimit: number;
  ratePerSecond: number;
  burst: number;
  maxAttempts: number;
  retryBaseMs: number;
  timeoutMs: number;
}

// Required by the API (bigcartel-api.md §2): JSON:API media type and an identifying User-Agent.
const JSON_API = 'application/vnd.api+json';
const USER_AGENT = 'ONVELOPE (https://onvelope.local)';

const tokenResponse = z.object({
  access_token: z.string().min(1),
  account_id: z.coerce.string().min(1),
});
const accountsDocument = z.object({ data: z.array(jsonApiResource).min(1) });
const orderDocument = z.object({
  data: jsonApiResource,
  included: z.array(z.unknown()).default([]),
});

interface Exchange {
  method?: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The store the request counts against (its rate limit); none for app-level calls. */
  store?: string;
  maxAttempts?: number;
}

/**
 * Big Cartel API v1 (see `/work/shared/bigcartel-api.md`): bearer token, required headers, pages of
 * `page[limit]` orders followed by `links.next` (by `page[offset]` while `meta.count` says more
 * remain when a page has no link), a token bucket per store, and retries with
 * exponential backoff on 429 (honouring Retry-After) and 5xx. A 401 is final: the seller must
 * reconnect.
 */
export class BigCartelClient implements StoreFrontClient {
  readonly platform = 'bigcartel';
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly counters: StoreFrontStats = { requests: 0, retries: 0, httpMs: 0, delayMs: 0 };
  private readonly origin: string;

  constructor(private readonly options: BigCartelClientOptions) {
    this.origin = new URL(options.apiUrl).origin;
  }

  stats(): StoreFrontStats {
    return { ...this.counters };
  }

  authorizeUrl(state: string): string {
    const url = new URL(this.options.authorizeUrl);
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('redirect_uri', this.options.redirectUrl);
    url.searchParams.set('state', state);
    return url.toString();
  }

  async exchangeCode(code: string): Promise<StoreFrontAuth> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      redirect_uri: this.options.redirectUrl,
    });
    const answer = await this.exchange({
      method: 'POST',
      url: this.api('/oauth/token'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
      maxAttempts: 2,
    });
    const parsed = tokenResponse.safeParse(answer);
    if (!parsed.success) throw new StoreFrontError('rejected', 'The token answer is not usable');
    return { accessToken: parsed.data.access_token, storeAccountId: parsed.data.account_id };
  }

  async getAccount(auth: StoreFrontAuth): Promise<StoreFrontAccount> {
    const answer = await this.exchange({
      url: this.api('/v1/accounts'),
      headers: this.bearer(auth),
      store: auth.storeAccountId,
    });
    const parsed = accountsDocument.safeParse(answer);
    if (!parsed.success) throw new StoreFrontError('rejected', 'The account answer is not usable');
    const account =
      parsed.data.data.find((candidate) => candidate.id === auth.storeAccountId) ??
      parsed.data.data[0]!;
    const a = account.attributes;
    const subdomain = typeof a.subdomain === 'string' ? a.subdomain : null;
    const storeUrl =
      (typeof a.url === 'string' && a.url) ||
      (subdomain ? `https://${subdomain}.bigcartel.com` : '');
    const storeName =
      (typeof a.store_name === 'string' && a.store_name.trim()) || subdomain || account.id;
    return { storeAccountId: account.id, storeName, storeUrl };
  }

  async deauthorize(storeAccountId: string): Promise<void> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString(
      'base64',
    );
    await this.exchange({
      method: 'POST',
      url: this.api(`/oauth/deauthorize/${encodeURIComponent(storeAccountId)}`),
      headers: { authorization: `Basic ${basic}` },
      maxAttempts: 2,
    });
  }

  async countOrders(auth: StoreFrontAuth, listing: OrderListing = {}): Promise<number> {
    const page = await this.fetchOrderPage(
      auth,
      this.firstOrderPageUrl(auth, { ...listing, pageLimit: 1 }),
    );
    return page.total ?? page.orders.length;
  }

  firstOrderPageUrl(auth: StoreFrontAuth, listing: OrderListing = {}): string {
    const url = new URL(this.api(`/v1/accounts/${encodeURIComponent(auth.storeAccountId)}/orders`));
    url.searchParams.set('page[limit]', String(listing.pageLimit ?? this.options.pageLimit));
    url.searchParams.set('page[offset]', '0');
    // Oldest first, so orders created during the sync join the end instead of shifting the pages
    // still to come. Both sort conventions of the API are sent (bigcartel-api.md §4).
    const field = listing.updatedSince ? 'updated_at' : 'created_at';
    url.searchParams.set('sort', field);
    url.searchParams.set('sort_direction', 'asc');
    if (listing.updatedSince) {
      url.searchParams.set('filter[updated_at_from]', listing.updatedSince.toISOString());
    }
    return url.toString();
  }

  async fetchOrderPage(auth: StoreFrontAuth, url: string): Promise<OrderPage> {
    if (new URL(url).origin !== this.origin) {
      // The bearer token goes to the store-front's own host only.
      throw new StoreFrontError('rejected', `A page link leads off the store-front: ${url}`);
    }
    const answer = await this.exchange({
      url,
      headers: this.bearer(auth),
      store: auth.storeAccountId,
    });
    const parsed = orderListDocument.safeParse(answer);
    if (!parsed.success) throw new StoreFrontError('rejected', 'The orders answer is not usable');
    const included = indexIncluded(parsed.data.included);
    const page: OrderPage = {
      orders: [],
      errors: [],
      awaitingPayment: [],
      total: parsed.data.meta.count ?? null,
      next: nextPageOf({
        url,
        nextLink: parsed.data.links.next ?? null,
        count: parsed.data.meta.count ?? null,
        received: parsed.data.data.length,
      }),
    };
    for (const raw of parsed.data.data) {
      const mapped = mapBigCartelOrder(raw, included);
      if (mapped.outcome === 'mapped') page.orders.push(mapped.order);
      else if (mapped.outcome === 'awaiting_payment') page.awaitingPayment.push(mapped.id);
      else page.errors.push(mapped.error);
    }
    return page;
  }

  async markShipped(auth: StoreFrontAuth, orderId: string, shipment: ShipmentDetails) {
    const orderUrl = this.api(
      `/v1/accounts/${encodeURIComponent(auth.storeAccountId)}/orders/${encodeURIComponent(orderId)}`,
    );
    const interactive = { headers: this.bearer(auth), store: auth.storeAccountId, maxAttempts: 2 };
    const current = orderDocument.safeParse(await this.exchange({ url: orderUrl, ...interactive }));
    if (!current.success) throw new StoreFrontError('rejected', 'The order answer is not usable');
    const included = indexIncluded(current.data.included);
    const unshipped = Object.values(current.data.data.relationships.items?.data ?? []).flatMap(
      (ref) => {
        const item = included.get(`${ref.type}:${ref.id}`);
        const quantity = Number(item?.attributes.quantity_unshipped ?? item?.attributes.quantity);
        return item && quantity > 0 ? [{ order_line_item_id: item.id, quantity }] : [];
      },
    );
    if (unshipped.length) {
      // The shipment carries the tracking details (PATCH has no tracking fields).
      await this.exchange({
        method: 'POST',
        url: `${orderUrl}/shipments`,
        body: JSON.stringify({
          data: {
            type: 'shipments',
            attributes: {
              notify_customer: true,
              carrier: shipment.carrier,
              tracking_number: shipment.trackingNumber,
              tracking_url: shipment.trackingUrl,
              items: unshipped,
            },
          },
        }),
        ...interactive,
      });
    }
    // Leaves the order shipped even where a shipment did not cover every line.
    await this.exchange({
      method: 'PATCH',
      url: orderUrl,
      body: JSON.stringify({
        data: { id: orderId, type: 'orders', attributes: { shipping_status: 'shipped' } },
      }),
      ...interactive,
    });
  }

  async updateOrder(auth: StoreFrontAuth, orderId: string, attributes: OrderAttributes) {
    await this.exchange({
      method: 'PATCH',
      url: this.api(
        `/v1/accounts/${encodeURIComponent(auth.storeAccountId)}/orders/${encodeURIComponent(orderId)}`,
      ),
      body: JSON.stringify({ data: { id: orderId, type: 'orders', attributes } }),
      headers: this.bearer(auth),
      store: auth.storeAccountId,
      maxAttempts: 2,
    });
  }

  private api(path: string) {
    return `${this.options.apiUrl.replace(/\/+$/, '')}${path}`;
  }

  private bearer(auth: StoreFrontAuth) {
    return { authorization: `Bearer ${auth.accessToken}` };
  }

  private async delay(ms: number) {
    if (ms <= 0) return;
    this.counters.delayMs += ms;
    await sleep(ms);
  }

  private bucketOf(store: string) {
    let bucket = this.buckets.get(store);
    if (!bucket) {
      bucket = new TokenBucket(this.options.burst, this.options.ratePerSecond);
      this.buckets.set(store, bucket);
    }
    return bucket;
  }

  /** One call with the rate limit and retries; answers the parsed JSON body (null when empty). */
  private async exchange(request: Exchange): Promise<unknown> {
    const maxAttempts = request.maxAttempts ?? this.options.maxAttempts;
    for (let attempt = 1; ; attempt += 1) {
      if (request.store) await this.delay(this.bucketOf(request.store).take(Date.now()));
      const started = Date.now();
      let response: Response;
      let text: string;
      try {
        this.counters.requests += 1;
        response = await fetch(request.url, {
          method: request.method ?? 'GET',
          headers: {
            accept: JSON_API,
            'user-agent': USER_AGENT,
            ...(request.body ? { 'content-type': JSON_API } : {}),
            ...request.headers,
          },
          body: request.body,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        text = await response.text();
        this.counters.httpMs += Date.now() - started;
      } catch (error) {
        this.counters.httpMs += Date.now() - started;
        if (attempt >= maxAttempts) {
          throw new StoreFrontError(
            'unavailable',
            `The store-front did not answer (${(error as Error).message})`,
          );
        }
        this.counters.retries += 1;
        await this.delay(backoffMs(attempt, this.options.retryBaseMs));
        continue;
      }

      if (response.ok) return text ? (JSON.parse(text) as unknown) : null;
      if (response.status === 401) {
        throw new StoreFrontError('unauthorized', 'The store-front refused our access token', 401);
      }
      if (isRetryableStatus(response.status) && attempt < maxAttempts) {
        this.counters.retries += 1;
        const asked =
          response.status === 429
            ? retryAfterMs(response.headers.get('retry-after'), Date.now())
            : null;
        await this.delay(asked ?? backoffMs(attempt, this.options.retryBaseMs));
        continue;
      }
      if (response.status === 404) {
        throw new StoreFrontError('not_found', 'Not found at the store-front', 404);
      }
      throw new StoreFrontError(
        isRetryableStatus(response.status) ? 'unavailable' : 'rejected',
        `The store-front answered ${response.status}${detailOf(text)}`,
        response.status,
      );
    }
  }
}

/** The first JSON:API error's detail or title, for logs and the seller's error text. */
function detailOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { errors?: { detail?: string; title?: string }[] };
    const first = parsed.errors?.[0];
    const detail = first?.detail ?? first?.title;
    return detail ? `: ${detail}` : '';
  } catch {
    return '';
  }
}
