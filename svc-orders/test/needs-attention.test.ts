import { beforeAll, describe, expect, it } from 'vitest';
import {
  shipmentTrackingUpdated,
  type CarrierStatus,
  type DeliveryRecord,
  type TrackingEntry,
} from '@onvelope/contracts';
import { publishEvent } from '@onvelope/service-kit/nats';
import { applyCarrierUpdates, type CarrierUpdate } from '../src/use-cases/apply-carrier-update.js';
import { useOrdersHarness } from './service-harness.js';
import { csvLine, requiredHeader, type Caller } from './support.js';

interface NeedsAttention {
  counts: Record<string, number>;
  entries: TrackingEntry[];
  quietDays: number;
}

const DAY_MS = 24 * 60 * 60_000;

describe('carrier reports and the Needs attention view (issue 33)', () => {
  const orders = useOrdersHarness();
  let seller: Caller;
  let other: Caller;
  let reportSeq = 0;

  const entryOf = async (caller: Caller, orderNumber: string) => {
    const response = await caller.get(`/api/upload/search?q=${orderNumber}`);
    const { results } = (await response.json()) as { results: TrackingEntry[] };
    return results.find((entry) => entry.orderNumber === orderNumber)!;
  };
  const needsAttention = async (caller: Caller, query = '') => {
    const response = await caller.get(`/api/upload/needs-attention${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as NeedsAttention;
  };
  /** A report of the provider on an order's shipment, as svc-sync publishes it. */
  const reportOf = (
    accountId: string,
    entry: TrackingEntry,
    carrierStatus: CarrierStatus,
    at: string,
    statusDetail: string | null = null,
  ): CarrierUpdate => {
    const delivery: DeliveryRecord = {
      provider: 'easypost',
      trackerId: `trk_${entry.trackingNumber}`,
      carrier: 'USPS',
      carrierStatus,
      statusDetail,
      checkpoints: [
        { at, status: carrierStatus, statusDetail, message: carrierStatus, place: null },
      ],
      estimatedDeliveryAt: null,
      signedBy: null,
      carrierUrl: null,
      deliveredAt: carrierStatus === 'delivered' ? at : null,
      carrierUpdatedAt: at,
    };
    return { accountId, entryId: entry.id, trackingNumber: entry.trackingNumber!, delivery };
  };
  /** Publishes what the provider says of an order's shipment, as svc-sync does. */
  const report = async (
    accountId: string,
    entry: TrackingEntry,
    carrierStatus: CarrierStatus,
    { statusDetail = null, daysAgo = 0 }: { statusDetail?: string | null; daysAgo?: number } = {},
  ) => {
    reportSeq += 1;
    const at = new Date(Date.now() - daysAgo * DAY_MS + reportSeq * 1_000).toISOString();
    await publishEvent(
      orders.nc,
      shipmentTrackingUpdated,
      reportOf(accountId, entry, carrierStatus, at, statusDetail),
      `test-report-${reportSeq}`,
    );
  };

  beforeAll(async () => {
    seller = await orders.seller('attention-a');
    other = await orders.seller('attention-b');
    const lines = ['NA-1', 'NA-2', 'NA-3', 'NA-4', 'NA-5', 'NA-6'].map((orderNumber, index) =>
      csvLine({
        orderNumber,
        status: 'shipped',
        courier: 'USPS',
        trackingNumber: `NAT${index + 1}`,
      }),
    );
    lines.push(csvLine({ orderNumber: 'NA-7', status: 'processing' }));
    // Two alike sets of orders, for reports applied one at a time and the same in one batch.
    for (const set of ['ONE', 'BATCH'])
      lines.push(
        csvLine({ orderNumber: `${set}-1`, status: 'shipped', trackingNumber: `${set}T1` }),
        csvLine({ orderNumber: `${set}-2`, status: 'shipped', trackingNumber: `${set}T2` }),
        csvLine({ orderNumber: `${set}-3`, status: 'processing', trackingNumber: `${set}T3` }),
      );
    const response = await seller.upload(`${requiredHeader}\n${lines.join('\n')}\n`);
    expect(await response.json()).toMatchObject({ successfulRows: 13 });
  });

  it('stores what the carrier says and moves a delivered shipment to delivered', async () => {
    const entries = await Promise.all(
      ['NA-1', 'NA-2', 'NA-3', 'NA-4', 'NA-5', 'NA-6'].map((number) => entryOf(seller, number)),
    );
    const [exception, attempt, returned, pickup, quiet, delivered] = entries.map((entry) => {
      expect(entry).toBeDefined();
      return entry;
    }) as [
      TrackingEntry,
      TrackingEntry,
      TrackingEntry,
      TrackingEntry,
      TrackingEntry,
      TrackingEntry,
    ];
    await report('attention-a', exception, 'failure', { statusDetail: 'failure' });
    await report('attention-a', attempt, 'in_transit', { statusDetail: 'delivery_exception' });
    await report('attention-a', returned, 'return_to_sender', { statusDetail: 'return' });
    await report('attention-a', pickup, 'available_for_pickup');
    await report('attention-a', quiet, 'in_transit', { daysAgo: 10 });
    await report('attention-a', delivered, 'delivered');

    await expect
      .poll(async () => (await entryOf(seller, 'NA-6')).status, { timeout: 10_000 })
      .toBe('delivered');
    await expect
      .poll(async () => (await entryOf(seller, 'NA-1')).delivery?.carrierStatus, {
        timeout: 10_000,
      })
      .toBe('failure');
    expect((await entryOf(seller, 'NA-1')).status).toBe('shipped');
  });

  it('counts the shipments that need attention by reason, and lists those of one reason', async () => {
    await expect
      .poll(async () => (await needsAttention(seller)).counts, { timeout: 10_000 })
      .toEqual({ exception: 1, failed_attempt: 1, returned: 1, pickup: 1, quiet: 1 });

    const all = await needsAttention(seller);
    expect(all.entries.map((entry) => entry.orderNumber).sort()).toEqual([
      'NA-1',
      'NA-2',
      'NA-3',
      'NA-4',
      'NA-5',
    ]);
    const quiet = await needsAttention(seller, '?reason=quiet');
    expect(quiet.entries.map((entry) => entry.orderNumber)).toEqual(['NA-5']);
    expect((await needsAttention(seller, '?reason=quiet&quietDays=15')).counts.quiet).toBe(0);
    expect((await seller.get('/api/upload/needs-attention?reason=lost')).status).toBe(400);
  });

  it("never applies a report to another seller's order, nor shows one seller another's", async () => {
    const theirs = await entryOf(seller, 'NA-5');
    await report('attention-b', theirs, 'delivered');
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    expect((await entryOf(seller, 'NA-5')).status).toBe('shipped');
    expect(await needsAttention(other)).toEqual({
      counts: { exception: 0, failed_attempt: 0, returned: 0, pickup: 0, quiet: 0 },
      entries: [],
      quietDays: 5,
    });
  });

  it('applies a batch of reports exactly as it applies them one at a time', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 12, minutes)).toISOString();
    /** Replays, an older report after a newer, another seller's, and a seller's status. */
    const reportsOn = async (set: string) => {
      const [first, second, third] = await Promise.all(
        [1, 2, 3].map((n) => entryOf(seller, `${set}-${n}`)),
      );
      return [
        reportOf('attention-a', first!, 'in_transit', at(1)),
        reportOf('attention-a', first!, 'delivered', at(3)),
        reportOf('attention-a', first!, 'in_transit', at(2)),
        reportOf('attention-a', first!, 'delivered', at(3)),
        reportOf('attention-b', second!, 'delivered', at(1)),
        reportOf('attention-a', second!, 'out_for_delivery', at(1)),
        reportOf('attention-a', third!, 'delivered', at(1)),
        reportOf('attention-a', first!, 'return_to_sender', at(4)),
      ];
    };
    /** The orders as stored, but for the times they were written at. */
    const storedSet = async (set: string) => {
      const docs = await orders.db
        .collection('tracking_entries')
        .find({
          accountId: 'attention-a',
          orderNumber: { $in: [1, 2, 3].map((n) => `${set}-${n}`) },
        })
        .sort({ orderNumber: 1 })
        .toArray();
      return docs.map((doc) => ({
        status: doc.status,
        shipped: doc.shippedAt !== null,
        statusRule: doc.statusRule,
        delivery: { ...doc.delivery, trackerId: null },
        carrierStatus: doc.carrierStatus,
        carrierUpdatedAt: doc.carrierUpdatedAt,
        version: doc.version,
        history: ((doc.history ?? []) as { by: string; changes: unknown }[]).map(
          ({ by, changes }) => ({
            by,
            changes,
          }),
        ),
      }));
    };

    const oneAtATime = [];
    for (const update of await reportsOn('ONE')) {
      oneAtATime.push(...(await applyCarrierUpdates(orders.db, [update])));
    }
    const batch = await applyCarrierUpdates(orders.db, await reportsOn('BATCH'));

    expect(oneAtATime).toEqual([
      'applied',
      'applied',
      'stale',
      'stale',
      'gone',
      'applied',
      'applied',
      'applied',
    ]);
    expect(batch).toEqual(oneAtATime);
    const [one, batched] = [await storedSet('ONE'), await storedSet('BATCH')];
    expect(batched).toEqual(one);
    expect(one.map(({ status, carrierStatus }) => [status, carrierStatus])).toEqual([
      ['delivered', 'return_to_sender'],
      ['shipped', 'out_for_delivery'],
      ['processing', 'delivered'],
    ]);
  });
});
