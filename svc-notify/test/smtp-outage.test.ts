import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type StartedService } from '@onvelope/testkit';
import { startNotifyService } from '../src/index.js';
import {
  shippedChange,
  startNotifyHarness,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';

describe('sending through an SMTP outage, a restart and several replicas', () => {
  let h: NotifyHarness;
  let seller: Seller;
  const extra: StartedService[] = [];

  beforeAll(async () => {
    h = await startNotifyHarness();
    seller = await h.seller();
  });
  afterAll(async () => {
    await Promise.all(extra.map((service) => service.close()));
    await h.stop();
  });

  /** Another svc-notify on the same database and NATS: a replica, or the same one restarted. */
  const replica = async () => {
    const { PORT: _port, ...env } = h.service.env;
    const service = await startService((serviceEnv) => startNotifyService(serviceEnv), env);
    extra.push(service);
    return service;
  };

  const countTo = (address: string) =>
    h.sink.messages().filter((mail) => mail.to.includes(address)).length;

  it('keeps every message while the mail server is away and sends each once when it is back', async () => {
    h.link.cut();
    const changes = [1, 2, 3].map((n) => shippedChange({ orderNumber: `OUT-${n}` }));
    await h.publishChanges(seller.accountId, changes);
    // Tried and failed more than once each, waiting with a growing pause.
    await h.eventually(async () => {
      for (const change of changes) {
        const [doc] = await h.notificationsOf(seller.accountId, change.entryId);
        expect(doc).toMatchObject({ state: 'queued' });
        expect(doc!.attempts).toBeGreaterThanOrEqual(2);
        expect(doc!.lastError).toBeTruthy();
      }
    });
    const history = await h.call('GET', `/api/notify/orders/${changes[0]!.entryId}`, {
      token: seller.token,
    });
    expect(history.body.notifications[0]).toMatchObject({ state: 'queued', sentAt: null });
    h.link.restore();
    await Promise.all(changes.map((change) => h.sink.waitForMail(change.customerEmail!)));
    await new Promise((resolve) => setTimeout(resolve, 800));
    for (const change of changes) {
      expect(countTo(change.customerEmail!)).toBe(1);
      const [doc] = await h.notificationsOf(seller.accountId, change.entryId);
      expect(doc).toMatchObject({ state: 'sent', leaseOwner: null, nextAttemptAt: null });
    }
  });

  it('sends what a stopped instance left queued once another starts', async () => {
    h.link.cut();
    const changes = [1, 2].map((n) => shippedChange({ orderNumber: `RESTART-${n}` }));
    await h.publishChanges(seller.accountId, changes);
    await h.eventually(async () => {
      for (const change of changes) {
        const [doc] = await h.notificationsOf(seller.accountId, change.entryId);
        expect(doc!.attempts).toBeGreaterThanOrEqual(1);
      }
    });
    await h.service.close();
    h.link.restore();
    await replica();
    await Promise.all(changes.map((change) => h.sink.waitForMail(change.customerEmail!)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const change of changes) expect(countTo(change.customerEmail!)).toBe(1);
  });

  it('never sends one message twice from two replicas sharing the outbox', async () => {
    await replica();
    const changes = Array.from({ length: 20 }, (_, n) =>
      shippedChange({ orderNumber: `REP-${n}` }),
    );
    await h.publishChanges(seller.accountId, changes.slice(0, 10));
    await h.publishChanges(seller.accountId, changes.slice(10));
    await Promise.all(changes.map((change) => h.sink.waitForMail(change.customerEmail!)));
    await new Promise((resolve) => setTimeout(resolve, 800));
    for (const change of changes) expect(countTo(change.customerEmail!)).toBe(1);
  });
});
