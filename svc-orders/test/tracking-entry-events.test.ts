import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEntryUpserted } from '@onvelope/contracts';
import { connectNats, type NatsConnection } from '@onvelope/service-kit';
import { startService, testInfra, type StartedService } from '@onvelope/testkit';
import { startOrdersService } from '../src/index.js';
import { publishTrackingEntryUpserted } from '../src/events/tracking-entry-events.js';

describe('svc-orders', () => {
  let orders: StartedService;
  let nc: NatsConnection;

  beforeAll(async () => {
    orders = await startService(startOrdersService);
    nc = await connectNats(testInfra().natsUrl, 'orders-test');
  });
  afterAll(async () => {
    await orders.close();
    await nc.close();
  });

  it('starts ready, with its database and NATS checked', async () => {
    const response = await fetch(`${orders.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', service: 'svc-orders' });
  });

  it('publishes each change of an entry once on the ORDERS stream', async () => {
    const entryId = randomUUID();
    const change = {
      accountId: 'acct-1',
      entryId,
      orderNumber: '1001',
      status: 'pending',
      source: 'csv' as const,
      orderDate: null,
      shippingCountry: null,
      itemTotal: null,
      version: 1,
      changedAt: new Date().toISOString(),
    };
    const first = await publishTrackingEntryUpserted(nc, change);
    const retried = await publishTrackingEntryUpserted(nc, change);
    expect(retried).toEqual({ duplicate: true, seq: first.seq });

    const stored = await (
      await nc.jetstreamManager()
    ).streams.getMessage(trackingEntryUpserted.stream.name, { seq: first.seq });
    expect(stored.subject).toBe('orders.entry.upserted');
    expect(stored.header.get('Nats-Msg-Id')).toBe(`${entryId}:1`);
    expect(JSON.parse(new TextDecoder().decode(stored.data))).toEqual(change);
  });
});
