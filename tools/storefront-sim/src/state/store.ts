import { currencies, countries } from '../domain/catalogue.js';
import {
  generateOrder,
  orderId,
  orderLetters,
  type OrderSeedContext,
} from '../domain/order-generator.js';
import { type ListingStyle } from '../domain/listing-style.js';
import { OrderSummary } from '../domain/order-query.js';
import { type Order } from '../domain/order.js';
import { hashSeed, Random } from '@onvelope/sim-kit';

const day = 24 * 60 * 60_000;

/** A run of consecutive orders created over one time window. */
interface Segment {
  from: number;
  count: number;
  startMs: number;
  endMs: number;
  /** Added at run time: created at `startMs`, unshipped. */
  fresh: boolean;
}

export interface StoreProfile {
  accountId: string;
  subdomain: string;
  storeName: string;
  contactEmail: string;
  currency: string;
  homeCountry: string;
  seed: number;
}

/**
 * One Big Cartel store (an "account") and its orders. Orders are not stored: order `i` is rebuilt
 * from the seed and `i` whenever it is read, and only orders changed since (by the API or the admin
 * API) are kept, so memory grows with the changes, not with the store.
 */
export class Store {
  readonly profile: StoreProfile;
  private readonly context: OrderSeedContext;
  private readonly segments: Segment[] = [];
  private readonly changed = new Map<number, Order>();
  private nextShipmentId = 1_000_000;
  private summary: OrderSummary | undefined;

  constructor(
    profile: StoreProfile,
    seededCount: number,
    now: number,
    /** How its order listings are shaped (count, next links). */
    readonly listing: ListingStyle = {},
  ) {
    if (!currencies[profile.currency]) throw new Error(`unknown currency ${profile.currency}`);
    if (!countries[profile.homeCountry]) throw new Error(`unknown country ${profile.homeCountry}`);
    this.profile = profile;
    const random = new Random(hashSeed(profile.seed, 'store'));
    this.context = {
      seed: profile.seed,
      currency: profile.currency,
      homeCountry: profile.homeCountry,
      numberBase: random.int(100_000, 399_999),
      lineItemIdBase: random.int(10_000_000, 50_000_000),
    };
    this.segments.push({
      from: 0,
      count: seededCount,
      startMs: now - 365 * day,
      endMs: now,
      fresh: false,
    });
  }

  get ordersCount(): number {
    const last = this.segments[this.segments.length - 1]!;
    return last.from + last.count;
  }

  private segmentOf(index: number): Segment {
    // Segments are few (one per admin addition), so a backwards scan is enough.
    for (let i = this.segments.length - 1; i >= 0; i -= 1) {
      const segment = this.segments[i]!;
      if (index >= segment.from) return segment;
    }
    throw new Error(`order index ${index} out of range`);
  }

  /** Creation time of order `index`; never decreases as the index grows. */
  createdAtOf(index: number): number {
    const segment = this.segmentOf(index);
    if (segment.fresh) return segment.startMs;
    const position = index - segment.from;
    const jitter = new Random(hashSeed(this.profile.seed, 'created', index)).next() * 0.9;
    const span = segment.endMs - segment.startMs;
    return Math.floor(segment.startMs + ((position + jitter) * span) / segment.count);
  }

  orderAt(index: number): Order {
    const changed = this.changed.get(index);
    if (changed) return changed;
    const segment = this.segmentOf(index);
    return generateOrder(this.context, index, {
      createdAt: this.createdAtOf(index),
      horizon: segment.endMs,
      fresh: segment.fresh,
    });
  }

  indexOfOrderId(id: string): number | undefined {
    const match = /^([A-Z]{4})-(\d{6})$/.exec(id.toUpperCase());
    if (!match) return undefined;
    const index = Number(match[2]) - this.context.numberBase;
    if (index < 0 || index >= this.ordersCount) return undefined;
    return orderLetters(this.context, index) === match[1] ? index : undefined;
  }

  findOrder(id: string): Order | undefined {
    const index = this.indexOfOrderId(id);
    return index === undefined ? undefined : this.orderAt(index);
  }

  save(order: Order): void {
    this.changed.set(order.index, order);
    this.summary?.set(order);
  }

  /** The fields filters and sorts read, for every order; built once, then kept up to date. */
  summaries(): OrderSummary {
    if (!this.summary || this.summary.count !== this.ordersCount) {
      const summary = new OrderSummary(this.ordersCount);
      for (let index = 0; index < this.ordersCount; index += 1) summary.set(this.orderAt(index));
      this.summary = summary;
    }
    return this.summary;
  }

  newShipmentId(): string {
    this.nextShipmentId += 1;
    return String(this.nextShipmentId);
  }

  /** Adds `count` orders placed at `at` (or just after the newest order, if that is later). */
  addOrders(count: number, at: number): string[] {
    const from = this.ordersCount;
    const last = this.segments[this.segments.length - 1]!;
    const startMs = Math.max(at, last.fresh ? last.startMs : last.endMs);
    this.segments.push({ from, count, startMs, endMs: startMs, fresh: true });
    return Array.from({ length: count }, (_, k) => orderId(this.context, from + k));
  }

  /** How many orders are held in memory because they changed. */
  get changedCount(): number {
    return this.changed.size;
  }
}
