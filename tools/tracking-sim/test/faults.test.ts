import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTrackingSim, type TrackingSim } from '../src/index.js';
import {
  call,
  easyPost,
  EasyPostClient,
  eventsFor,
  eventually,
  startReceiver,
  testKey,
  type Receiver,
} from './helpers.js';

const secret = 'faulty';

describe('faults on demand', () => {
  let sim: TrackingSim;
  let receiver: Receiver;
  let client: EasyPostClient;
  beforeAll(async () => {
    receiver = await startReceiver();
    sim = await startTrackingSim({ stepMs: 40, webhooks: [{ url: receiver.url, secret }] });
    client = easyPost(sim);
  });
  afterEach(async () => {
    await sim.reset();
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  it('fails the next N matching requests with the chosen 5xx, then serves again', async () => {
    await sim.setFaults({ serverError: { next: 2, status: 503, method: 'POST' } });
    expect((await client.Tracker.all()).trackers).toEqual([]);
    const create = () => client.Tracker.create({ tracking_code: 'EZ1000000001' });
    await expect(create()).rejects.toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    await expect(create()).rejects.toMatchObject({ statusCode: 503 });
    expect((await create()).status).toBe('pre_transit');
    expect(await sim.getFaults()).toEqual({});
    expect(await sim.requestCount({ route: '/v2/trackers', method: 'POST', status: 503 })).toBe(2);
  });

  it('answers 429 with Retry-After, which an SDK response hook can read', async () => {
    await sim.setFaults({ rateLimit: { next: 2, retryAfterSeconds: 7 } });
    const raw = await call(sim, '/v2/trackers');
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('7');
    expect(raw.body).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.any(String), errors: [] },
    });
    const seen: Record<string, unknown>[] = [];
    const hooked = new EasyPostClient(testKey, { baseUrl: sim.apiUrl });
    hooked.addResponseHook((response) => seen.push(response.headers as Record<string, unknown>));
    await expect(hooked.Tracker.all()).rejects.toMatchObject({ statusCode: 429 });
    expect(seen[0]!['retry-after']).toBe('7');
    expect((await hooked.Tracker.all()).trackers).toEqual([]);
  });

  it('limits requests per rolling second', async () => {
    await sim.setFaults({ rateLimit: { perSecond: 3 } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await call(sim, '/v2/trackers')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('answers slowly, so a client’s timeout fires', async () => {
    await sim.setFaults({ delay: { ms: 400, next: 1 } });
    const impatient = easyPost(sim, testKey, 100);
    await expect(impatient.Tracker.all()).rejects.toMatchObject({
      code: 'ECONNABORTED',
      timeout: 100,
    });
    await sim.setFaults({ delay: { ms: 150, next: 1 } });
    const started = Date.now();
    await client.Tracker.all();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('loses a webhook: the event is never sent, and the delivery says so', async () => {
    await sim.setFaults({ webhookLoss: { next: 1, match: 'tracker.created' } });
    await client.Tracker.create({ tracking_code: 'EZ2000000002' });
    const events = await eventually(() => {
      const received = eventsFor(receiver, 'EZ2000000002');
      expect(received.at(-1)?.result?.status).toBe('in_transit');
      expect(received.at(-1)?.result?.tracking_details).toHaveLength(4);
      return received;
    });
    expect(events.map((event) => event.description)).not.toContain('tracker.created');
    const lost = await sim.deliveries({ state: 'lost' });
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({
      description: 'tracker.created',
      faults: ['lost'],
      attempts: [],
    });
  });

  it('delivers a webhook twice, byte for byte, both copies signed', async () => {
    await sim.setFaults({ webhookDuplicate: { next: 1, delayMs: 30 } });
    await client.Tracker.create({ tracking_code: '9400111899223197428490' });
    const copies = await eventually(() => {
      const created = receiver.received.filter(
        (webhook) =>
          webhook.event.description === 'tracker.created' &&
          webhook.event.result?.tracking_code === '9400111899223197428490',
      );
      expect(created).toHaveLength(2);
      return created;
    });
    expect(copies[0]!.event.id).toBe(copies[1]!.event.id);
    expect(copies[0]!.body.equals(copies[1]!.body)).toBe(true);
    for (const copy of copies) {
      expect(client.Utils.validateWebhook(copy.body, copy.headers, secret)).toEqual(copy.event);
    }
    // The simulator records an attempt once the answer is in, a moment after the receiver has it.
    await eventually(async () => {
      const [delivery] = await sim.deliveries({
        description: 'tracker.created',
        trackingCode: '9400111899223197428490',
      });
      expect(delivery!.faults).toEqual(['duplicated']);
      expect(delivery!.attempts.map((attempt) => attempt.copy)).toEqual([false, true]);
    });
  });

  it('delivers a webhook out of order: held back, it arrives after later events', async () => {
    await sim.setFaults({ webhookReorder: { next: 1, match: 'tracker.created', holdMs: 150 } });
    await client.Tracker.create({ tracking_code: 'EZ3000000003' });
    const events = await eventually(() => {
      const received = eventsFor(receiver, 'EZ3000000003');
      expect(received.map((event) => event.description)).toContain('tracker.created');
      return received;
    });
    expect(events[0]!.description).toBe('tracker.updated');
    const created = events.findIndex((event) => event.description === 'tracker.created');
    expect(created).toBeGreaterThan(0);
    // The late event's tracker is older than the ones that overtook it.
    expect(events[created]!.result!.tracking_details.length).toBeLessThan(
      events[0]!.result!.tracking_details.length,
    );
  });

  it('merges faults, clears one with null and all at once, and never applies them to the admin API', async () => {
    await sim.setFaults({ serverError: { next: 5 }, delay: { ms: 10 } });
    expect(await sim.setFaults({ delay: null, webhookLoss: { every: 2 } })).toEqual({
      serverError: { next: 5 },
      webhookLoss: { every: 2 },
    });
    expect((await fetch(`${sim.url}/_admin/trackers`)).status).toBe(200);
    await sim.clearFaults();
    expect(await sim.getFaults()).toEqual({});
  });
});
