import { jetstreamManager } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { trackingEntryUpserted } from '@onvelope/contracts';
import { pendingEntryChange } from '@onvelope/testkit';
import { publishTrackingEntriesUpserted } from '../src/events/tracking-entry-events.js';
import { useOrdersHarness } from './service-harness.js';

describe('svc-orders', () => {
  const orders = useOrdersHarness();

  it('starts ready, with its database and NATS checked', async () => {
    const response = await fetch(`${orders.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', service: 'svc-orders' });
  });

  it('publishes the changes of an account once on the ORDERS stream, a thousand to a message', async () => {
    const changes = Array.from({ length: 1_500 }, (_, n) =>
      pendingEntryChange({ orderNumber: String(1000 + n) }),
    );
    const jsm = await jetstreamManager(orders.nc);
    const lastSeq = async () =>
      (await jsm.streams.info(trackingEntryUpserted.stream.name)).state.last_seq;
    const before = await lastSeq();
    await publishTrackingEntriesUpserted(orders.nc, 'acct-1', changes, 'record-1');
    expect(await lastSeq()).toBe(before + 2);
    // A retried publish of the same record is dropped by JetStream.
    await publishTrackingEntriesUpserted(orders.nc, 'acct-1', changes, 'record-1');
    expect(await lastSeq()).toBe(before + 2);

    const published = [];
    for (const seq of [before + 1, before + 2]) {
      const stored = (await jsm.streams.getMessage(trackingEntryUpserted.stream.name, { seq }))!;
      expect(stored.subject).toBe('orders.entries.upserted');
      expect(stored.header.get('Nats-Msg-Id')).toMatch(/^upserted:/);
      published.push(stored.json());
    }
    expect(published.map(({ changes: inMessage }) => inMessage.length).sort()).toEqual([
      1_000, 500,
    ]);
    expect(published.every(({ accountId }) => accountId === 'acct-1')).toBe(true);
    expect(published.every(({ eventVersion }) => eventVersion === 4)).toBe(true);
    expect(
      published
        .flatMap(({ changes: inMessage }) => inMessage)
        .sort((a, b) => a.orderNumber.localeCompare(b.orderNumber)),
    ).toEqual(changes);
  });

  it("publishes changes again for another outbox record, so that its writer's trace reaches the consumers too", async () => {
    const changes = [pendingEntryChange({ orderNumber: 'OTHER-1' })];
    const jsm = await jetstreamManager(orders.nc);
    const lastSeq = async () =>
      (await jsm.streams.info(trackingEntryUpserted.stream.name)).state.last_seq;
    const before = await lastSeq();
    // A relay without a write's changes publishes its entries as stored: a later write's change too.
    await publishTrackingEntriesUpserted(orders.nc, 'acct-3', changes, 'earlier-record');
    await publishTrackingEntriesUpserted(orders.nc, 'acct-3', changes, 'later-record');
    expect(await lastSeq()).toBe(before + 2);
  });

  it('keeps each message well under the NATS payload limit, however long the texts', async () => {
    const changes = Array.from({ length: 1_000 }, (_, n) => ({
      ...pendingEntryChange({ orderNumber: `${n}-${'é'.repeat(95)}` }),
      status: 'ü'.repeat(100),
      shippingCountry: 'ö'.repeat(100),
    }));
    const jsm = await jetstreamManager(orders.nc);
    const stream = trackingEntryUpserted.stream.name;
    const before = (await jsm.streams.info(stream)).state.last_seq;
    await publishTrackingEntriesUpserted(orders.nc, 'acct-2', changes, 'record-2');
    const after = (await jsm.streams.info(stream)).state.last_seq;
    expect(after - before).toBeGreaterThan(1);
    let carried = 0;
    for (let seq = before + 1; seq <= after; seq += 1) {
      const stored = (await jsm.streams.getMessage(stream, { seq }))!;
      expect(stored.data.length).toBeLessThan(600 * 1024);
      carried += stored.json<{ changes: unknown[] }>().changes.length;
    }
    expect(carried).toBe(1_000);
  });
});
