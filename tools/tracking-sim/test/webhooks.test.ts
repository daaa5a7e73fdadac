import { describe, expect, it, onTestFinished } from 'vitest';
import { startTrackingSim, type TrackingSimOptions } from '../src/index.js';
import {
  EasyPostClient,
  easyPost,
  eventsFor,
  eventually,
  productionKey,
  startReceiver,
  type Receiver,
} from './helpers.js';

const secret = 'whsec_sïmulator';

/** A receiver and a simulator that sends it every event, both closed after the test. */
async function setUp(options: TrackingSimOptions = {}, signed = true) {
  const receiver = await startReceiver();
  const sim = await startTrackingSim({
    stepMs: 20,
    webhookRetryMs: 20,
    webhookMaxAttempts: 3,
    webhooks: [{ url: receiver.url, secret: signed ? secret : null }],
    ...options,
  });
  onTestFinished(async () => {
    await sim.close();
    await receiver.close();
  });
  return { receiver, sim, client: easyPost(sim) };
}

function validate(receiver: Receiver, index: number, key = secret) {
  const webhook = receiver.received[index]!;
  return easyPostUtils().validateWebhook(webhook.body, webhook.headers, key);
}

// validateWebhook needs no API access; any client's Utils will do.
const easyPostUtils = () => new EasyPostClient('EZTK_unused').Utils;

describe('webhooks', () => {
  it('sends signed tracker.created and tracker.updated events that the SDK validates', async () => {
    const { receiver, client } = await setUp();
    const tracker = await client.Tracker.create({ tracking_code: 'EZ4000000004' });
    const events = await eventually(() => {
      const received = eventsFor(receiver, 'EZ4000000004');
      expect(received.at(-1)?.result?.status).toBe('delivered');
      return received;
    });
    expect(events[0]).toMatchObject({
      object: 'Event',
      mode: 'test',
      description: 'tracker.created',
      previous_attributes: {},
      status: 'in_queue',
      pending_urls: [receiver.url],
      completed_urls: [],
      result: { object: 'Tracker', id: tracker.id, status: 'pre_transit' },
    });
    expect(events[0]!.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(events[0]!.user_id).toMatch(/^user_[0-9a-f]{32}$/);
    expect(events.slice(1).every((event) => event.description === 'tracker.updated')).toBe(true);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);

    receiver.received.forEach((webhook, index) => {
      expect(webhook.headers['x-hmac-signature']).toMatch(/^hmac-sha256-hex=[0-9a-f]{64}$/);
      expect(webhook.headers['content-type']).toBe('application/json');
      expect(validate(receiver, index)).toEqual(webhook.event);
    });
  });

  it('writes whole weights as EasyPost does, so a re-serialised body still validates', async () => {
    const { receiver, client } = await setUp();
    await client.Tracker.create({ tracking_code: 'EZ3000000003' });
    const weighed = await eventually(() => {
      const found = receiver.received.find((webhook) => webhook.event.result?.weight === 16);
      expect(found).toBeDefined();
      return found!;
    });
    expect(weighed.body.toString()).toContain('"weight":16.0');
    const reserialised = JSON.stringify(weighed.event);
    expect(reserialised).toContain('"weight":16,');
    expect(
      easyPostUtils().validateWebhook(Buffer.from(reserialised), weighed.headers, secret),
    ).toEqual(weighed.event);
  });

  it('bodies signed with another secret, or changed on the way, fail the SDK’s check', async () => {
    const { receiver, client } = await setUp();
    await client.Tracker.create({ tracking_code: 'EZ1000000001' });
    await eventually(() => expect(receiver.received.length).toBeGreaterThan(0));
    expect(() => validate(receiver, 0, 'another secret')).toThrow(
      /did not originate from EasyPost/,
    );
    const [webhook] = receiver.received;
    const tampered = Buffer.from(webhook!.body.toString().replace('pre_transit', 'delivered'));
    expect(() => easyPostUtils().validateWebhook(tampered, webhook!.headers, secret)).toThrow(
      /did not originate from EasyPost/,
    );
  });

  it('sends unsigned events to a webhook that has no secret', async () => {
    const { receiver, client } = await setUp({}, false);
    await client.Tracker.create({ tracking_code: 'EZ1000000001' });
    await eventually(() => expect(receiver.received.length).toBeGreaterThan(0));
    expect(receiver.received[0]!.headers['x-hmac-signature']).toBeUndefined();
    expect(() => validate(receiver, 0)).toThrow(/does not contain a valid HMAC signature/);
  });

  it('retries a delivery the receiver refuses, then records it delivered', async () => {
    const { receiver, client, sim } = await setUp({ stepMs: 60_000 });
    receiver.answer = (index) => (index < 2 ? 500 : 200);
    await client.Tracker.create({ tracking_code: 'EZ2000000002' });
    const [delivery] = await eventually(async () => {
      const deliveries = await sim.deliveries({ trackingCode: 'EZ2000000002' });
      expect(deliveries[0]?.state).toBe('delivered');
      return deliveries;
    });
    expect(delivery!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200]);
    expect(receiver.received).toHaveLength(1);
    // A retried body says so, and is signed like any other.
    expect(receiver.received[0]!.event.status).toBe('retrying');
    expect(validate(receiver, 0)).toMatchObject({ description: 'tracker.created' });
  });

  it('gives up after the last attempt, waiting longer before each retry', async () => {
    const { receiver, client, sim } = await setUp({
      stepMs: 60_000,
      webhookRetryMs: 40,
      webhookMaxAttempts: 4,
    });
    receiver.answer = () => 503;
    await client.Tracker.create({ tracking_code: 'EZ2000000002' });
    const [delivery] = await eventually(async () => {
      const deliveries = await sim.deliveries();
      expect(deliveries[0]?.state).toBe('failed');
      return deliveries;
    });
    expect(delivery!.attempts).toHaveLength(4);
    const times = delivery!.attempts.map((attempt) => Date.parse(attempt.at));
    const waits = times.slice(1).map((time, index) => time - times[index]!);
    expect(waits[0]).toBeGreaterThanOrEqual(35);
    expect(waits[2]).toBeGreaterThanOrEqual(150);
    expect(waits[2]!).toBeGreaterThan(waits[0]!);
    const listed = await client.Event.all({ page_size: 5 });
    expect(listed.events[0]).toMatchObject({ status: 'failed', description: 'tracker.created' });
  });

  it('delivers to a webhook created through the SDK, only events of its mode, with its headers', async () => {
    const { client, sim } = await setUp({ webhooks: [] });
    const receiver = await startReceiver();
    onTestFinished(() => receiver.close());
    const hook = await client.Webhook.create({
      url: receiver.url,
      webhook_secret: 'from-the-sdk',
      custom_headers: [{ name: 'X-Store', value: 'paper-moon' }],
    } as never);
    expect(hook).toMatchObject({
      object: 'Webhook',
      mode: 'test',
      url: receiver.url,
      disabled_at: null,
    });
    expect(hook.id).toMatch(/^hook_[0-9a-f]{32}$/);
    expect((await client.Webhook.all()).webhooks.map((webhook) => webhook.id)).toEqual([hook.id]);

    await easyPost(sim, productionKey).Tracker.create({ tracking_code: 'EZ1000000001' });
    await client.Tracker.create({ tracking_code: 'EZ2000000002' });
    await eventually(() => expect(eventsFor(receiver, 'EZ2000000002').length).toBeGreaterThan(0));
    expect(receiver.received.every((webhook) => webhook.event.mode === 'test')).toBe(true);
    expect(receiver.received[0]!.headers['x-store']).toBe('paper-moon');
    expect(validate(receiver, 0, 'from-the-sdk')).toMatchObject({ mode: 'test' });

    await client.Webhook.update(hook.id, { webhook_secret: 'rotated' } as never);
    await client.Tracker.create({ tracking_code: 'EZ3000000003' });
    await eventually(() => expect(eventsFor(receiver, 'EZ3000000003').length).toBeGreaterThan(0));
    const rotated = receiver.received.findIndex(
      (webhook) => webhook.event.result?.tracking_code === 'EZ3000000003',
    );
    expect(validate(receiver, rotated, 'rotated')).toMatchObject({
      description: 'tracker.created',
    });

    await client.Webhook.delete(hook.id);
    await expect(client.Webhook.retrieve(hook.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lists and retrieves events through the SDK, without their result', async () => {
    const { receiver, client } = await setUp({ stepMs: 60_000 });
    await client.Tracker.create({ tracking_code: 'EZ1000000001' });
    await eventually(() => expect(receiver.received).toHaveLength(1));
    const sent = receiver.received[0]!.event;
    await eventually(async () => {
      const event = await client.Event.retrieve(sent.id);
      expect(event).toMatchObject({
        id: sent.id,
        object: 'Event',
        description: 'tracker.created',
        status: 'completed',
        completed_urls: [receiver.url],
        pending_urls: [],
      });
      expect(event).not.toHaveProperty('result');
    });
  });
});
