import type { Connection } from 'mongoose';
import { connectDatabase } from '@onvelope/service-kit/mongo';
import {
  startService,
  startTestIssuer,
  testInfra,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { orderKeyOf, trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { startOrdersService } from '../src/index.js';

export interface StoredOrder {
  orderNumber: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  status?: string;
  courier?: string | null;
  trackingNumber?: string | null;
  items?: string | null;
  productName?: string | null;
  shippingCountry?: string | null;
  shippingAddress1?: string | null;
  shippingAddress2?: string | null;
  shippingCity?: string | null;
  shippingState?: string | null;
  shippingZip?: string | null;
  /** A CSV import's one "postcode or zipcode" column lands here. */
  postcode?: string | null;
  orderDate?: Date | null;
  shippedAt?: Date | null;
  createdAt: Date;
}

/**
 * Seller A's orders: one per filter to find, with a buyer-written formula in some fields.
 * Created at distinct times, so the default sort (newest first) is #1003, 2001, #1002, #1001.
 */
export const sellerAOrders: StoredOrder[] = [
  {
    orderNumber: '#1001',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    status: 'shipped',
    courier: 'Royal Mail',
    trackingNumber: 'RM123456789GB',
    items: 'Blue mug, "large"',
    shippingCountry: 'GB',
    shippingAddress1: '12 St James Square',
    shippingAddress2: 'Flat 2',
    shippingCity: 'London',
    shippingState: 'Greater London',
    shippingZip: 'SW1Y 4JH',
    orderDate: new Date('2026-02-28T08:30:00Z'),
    shippedAt: new Date('2026-03-02T09:00:00Z'),
    createdAt: new Date('2026-03-01T10:00:00Z'),
  },
  {
    orderNumber: '#1002',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@navy.example',
    status: 'pending',
    courier: 'USPS',
    trackingNumber: '9400111899223',
    items: 'Red hoodie',
    shippingCountry: 'us',
    shippingCity: 'Arlington',
    shippingState: 'VA',
    shippingZip: '22201',
    orderDate: new Date('2026-03-02T12:00:00Z'),
    createdAt: new Date('2026-03-02T23:59:00Z'),
  },
  {
    orderNumber: '2001',
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@bletchley.example',
    status: 'processing',
    courier: 'DHL',
    trackingNumber: 'JD014600006281230',
    items: null,
    productName: 'Teapot',
    shippingCountry: 'DE',
    shippingCity: 'Berlin',
    postcode: '10115',
    createdAt: new Date('2026-03-03T00:00:00Z'),
  },
  {
    orderNumber: '#1003',
    firstName: '=HYPERLINK("http://evil.example","click")',
    lastName: '+SUM(1,2)',
    email: '@evil.example',
    status: 'delivered',
    courier: null,
    trackingNumber: null,
    items: '-2+3',
    shippingCountry: 'Atlantis',
    shippingAddress1: '\tTab Street',
    shippingAddress2: '\rReturn Road',
    createdAt: new Date('2026-03-04T12:00:00Z'),
  },
];

/** Seller B has an order with the same number as one of A's. */
export const sellerBOrders: StoredOrder[] = [
  {
    orderNumber: '#1001',
    firstName: 'Eve',
    lastName: 'Other',
    email: 'eve@other.example',
    status: 'shipped',
    courier: 'Royal Mail',
    trackingNumber: 'RM999999999GB',
    items: 'Blue mug',
    shippingCountry: 'GB',
    createdAt: new Date('2026-03-01T11:00:00Z'),
  },
];

/** `count` plain orders, one a minute from 2026-01-01. */
export const manyOrders = (count: number, prefix = 'M-'): StoredOrder[] =>
  Array.from({ length: count }, (_, index) => ({
    orderNumber: `${prefix}${String(index).padStart(5, '0')}`,
    firstName: 'Buyer',
    lastName: `Number ${index}`,
    email: `buyer${index}@example.com`,
    status: 'pending',
    shippingCountry: 'FR',
    createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
  }));

export interface ReportsHarness {
  issuer: TestIssuer;
  orders: StartedService;
  db: Connection;
  insert(accountId: string, orders: StoredOrder[]): Promise<void>;
  close(): Promise<void>;
}

/** svc-orders on the run's servers, with a way to store orders for a seller as they were given. */
export async function startReportsHarness(): Promise<ReportsHarness> {
  const issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
  const orders = await startService(startOrdersService, { AUTH_JWKS_URL: issuer.url });
  const db = await connectDatabase(testInfra().mongoUrl, orders.env.MONGO_DB as string);
  const model = trackingEntryModel(db);
  return {
    issuer,
    orders,
    db,
    async insert(accountId, list) {
      // Straight to the collection: the fixtures set createdAt themselves.
      for (let start = 0; start < list.length; start += 2_000) {
        await model.collection.insertMany(
          list.slice(start, start + 2_000).map((order) => ({
            accountId,
            source: 'csv',
            version: 1,
            status: 'pending',
            updatedAt: order.createdAt,
            orderKey: orderKeyOf(accountId, order.orderNumber),
            ...order,
          })),
        );
      }
    },
    async close() {
      await orders.close();
      await db.close();
      await issuer.close();
    },
  };
}
