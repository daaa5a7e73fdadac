import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTrackingSimAdmin,
  lifeFor,
  startTrackingSim,
  type TrackingSim,
  type TrackingSimAdmin,
} from '../src/index.js';
import { easyPost, eventually, startReceiver, type Receiver } from './helpers.js';

describe('admin API over HTTP', () => {
  let sim: TrackingSim;
  let admin: TrackingSimAdmin;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    sim = await startTrackingSim({ stepMs: 3_600_000 });
    admin = connectTrackingSimAdmin(sim.url);
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  it('adds, lists and removes webhooks, and refuses one without a URL', async () => {
    const hook = await admin.addWebhook({ url: receiver.url, secret: 'admin' });
    expect(hook).toMatchObject({ url: receiver.url, signed: true, mode: null, source: 'config' });
    expect((await admin.listWebhooks()).map((each) => each.id)).toContain(hook.id);
    await expect(admin.addWebhook({ url: 'not a url' })).rejects.toThrow(/400/);
    expect(await admin.removeWebhook(hook.id)).toBe(true);
    expect(await admin.removeWebhook(hook.id)).toBe(false);
  });

  it('lists trackers with where they are in their lives, and their deliveries', async () => {
    const hook = await admin.addWebhook({ url: receiver.url, secret: 'admin' });
    const client = easyPost(sim);
    await client.Tracker.create({ tracking_code: 'EZ4000000004' });
    await client.Tracker.create({ tracking_code: '1Z999AA10123456784' });
    const [ups, test] = await admin.listTrackers();
    expect(test).toMatchObject({
      trackingCode: 'EZ4000000004',
      carrier: 'USPS',
      kind: 'test_delivered',
      status: 'pre_transit',
      finalStatus: 'delivered',
      checkpoints: 7,
      happened: 1,
      published: 1,
      complete: false,
    });
    expect(ups!.carrier).toBe('UPS');
    expect(await admin.listTrackers({ trackingCode: 'ez4000000004' })).toHaveLength(1);

    const deliveries = await eventually(async () => {
      const found = await admin.deliveries({ trackingCode: 'EZ4000000004' });
      expect(found[0]?.state).toBe('delivered');
      return found;
    });
    expect(deliveries[0]).toMatchObject({
      description: 'tracker.created',
      trackerStatus: 'pre_transit',
      webhookId: hook.id,
      url: receiver.url,
      attempts: [{ statusCode: 200, error: null, copy: false }],
    });
    await admin.removeWebhook(hook.id);
  });

  it('moves the clock so lives happen at once, and resets everything but the webhooks', async () => {
    const hook = await admin.addWebhook({ url: receiver.url });
    const client = easyPost(sim);
    const tracker = await client.Tracker.create({ tracking_code: 'EZ5000000005' });
    expect(await admin.advanceClock(10 * 3_600_000)).toBeGreaterThanOrEqual(10 * 3_600_000);
    expect((await client.Tracker.retrieve(tracker.id)).status).toBe('return_to_sender');
    await eventually(async () =>
      expect(
        (await admin.deliveries({ trackingCode: 'EZ5000000005' })).map(
          (delivery) => delivery.trackerStatus,
        ),
      ).toContain('return_to_sender'),
    );

    await admin.setFaults({ serverError: { next: 1 } });
    await admin.reset();
    expect(await admin.listTrackers()).toEqual([]);
    expect(await admin.deliveries()).toEqual([]);
    expect(await admin.getFaults()).toEqual({});
    expect(await admin.requestCount()).toBe(0);
    expect((await admin.listWebhooks()).map((each) => each.id)).toContain(hook.id);
    await expect(client.Tracker.retrieve(tracker.id)).rejects.toMatchObject({ statusCode: 404 });
    await admin.removeWebhook(hook.id);
  });

  it('previews the life a code would live, without creating a tracker', async () => {
    const preview = await admin.previewLife('9400111899223197428490');
    const life = lifeFor('9400111899223197428490', 'USPS');
    expect(preview).toMatchObject({
      carrier: 'USPS',
      kind: life.kind,
      finalStatus: life.finalStatus,
    });
    expect(preview.checkpoints.map((checkpoint) => checkpoint.status)).toEqual(
      life.checkpoints.map((checkpoint) => checkpoint.status),
    );
    expect(preview.checkpoints[2]!.afterMs).toBe(2 * 3_600_000);
    await expect(admin.previewLife('EZ9000000009')).rejects.toThrow(/400/);
    await expect(admin.previewLife('HELLO')).rejects.toThrow(/name one/);
    expect((await admin.previewLife('HELLO', 'OnTrac')).carrier).toBe('OnTrac');
  });

  it('counts API requests by route and status', async () => {
    await admin.resetRequests();
    const client = easyPost(sim);
    await client.Tracker.all();
    await expect(client.Tracker.retrieve('trk_missing')).rejects.toMatchObject({ statusCode: 404 });
    expect(await admin.requestCount()).toBe(2);
    expect(await admin.requestCount({ route: '/v2/trackers/:id', status: 404 })).toBe(1);
    const [first] = await admin.requests({ method: 'GET', route: '/v2/trackers' });
    expect(first).toMatchObject({ status: 200, mode: 'test', path: '/v2/trackers' });
  });

  it('refuses faults it does not know or that lack what they need', async () => {
    const post = (body: unknown) =>
      fetch(`${sim.url}/_admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const unknown = await post({ outage: {} });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: expect.stringContaining('unknown fault') });
    expect((await post({ serverError: { status: 503 } })).status).toBe(400);
    expect((await post({ serverError: { next: 1, status: 404 } })).status).toBe(400);
    expect((await post({ delay: { ms: -1 } })).status).toBe(400);
    expect((await post({ webhookLoss: { match: 7 } })).status).toBe(400);
  });
});
