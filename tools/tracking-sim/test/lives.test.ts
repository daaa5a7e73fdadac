import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifeFor, startTrackingSim, type TrackingSim } from '../src/index.js';
import {
  easyPost,
  eventsFor,
  eventually,
  startReceiver,
  type EasyPostClient,
  type Receiver,
} from './helpers.js';

const stepMs = 25;

describe('trackers live their lives at the simulator’s time scale', () => {
  let sim: TrackingSim;
  let client: EasyPostClient;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    sim = await startTrackingSim({ stepMs, webhooks: [{ url: receiver.url, secret: 'lives' }] });
    client = easyPost(sim);
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  it.each([
    ['EZ1000000001', 'pre_transit'],
    ['EZ2000000002', 'in_transit'],
    ['EZ3000000003', 'out_for_delivery'],
    ['EZ4000000004', 'delivered'],
    ['EZ5000000005', 'return_to_sender'],
    ['EZ6000000006', 'failure'],
    ['EZ7000000007', 'unknown'],
  ])('takes the test code %s to %s', async (code, status) => {
    const created = await client.Tracker.create({ tracking_code: code });
    const done = await eventually(async () => {
      const tracker = await client.Tracker.retrieve(created.id);
      expect(tracker.status).toBe(status);
      expect(tracker.tracking_details).toHaveLength(lifeFor(code, 'USPS').checkpoints.length);
      return tracker;
    });
    if (status === 'delivered') {
      expect(done).toMatchObject({ signed_by: 'John Tester', weight: 17.6 });
      expect(done.est_delivery_date).toBe(done.tracking_details.at(-1)!.datetime);
    }
    // Its last webhook says the same.
    await eventually(() => expect(eventsFor(receiver, code).at(-1)?.result?.status).toBe(status));
  });

  it('takes a generated life from label to delivered, one event per checkpoint, in order', async () => {
    // A code whose generated life includes a failed attempt before delivery.
    const code = Array.from(
      { length: 200 },
      (_, i) => `92055901649173127${String(i).padStart(5, '0')}`,
    ).find((candidate) => lifeFor(candidate, 'USPS').kind === 'failed_attempt')!;
    const life = lifeFor(code, 'USPS');
    // An hour between checkpoints, so scans and estimates (to the second, as EasyPost's) differ;
    // the clock is moved forward instead of waiting.
    const hourly = await startTrackingSim({
      stepMs: 3_600_000,
      webhooks: [{ url: receiver.url, secret: 'lives' }],
    });
    const hourlyClient = easyPost(hourly);
    const created = await hourlyClient.Tracker.create({ tracking_code: code });
    expect(created).toMatchObject({ status: 'pre_transit', est_delivery_date: null });
    for (let step = 1; step < life.checkpoints.length; step += 1) {
      await hourly.advanceClock(3_600_000);
    }

    const events = await eventually(() => {
      const received = eventsFor(receiver, code);
      expect(received).toHaveLength(life.checkpoints.length);
      return received;
    });
    const final = await hourlyClient.Tracker.retrieve(created.id);
    await hourly.close();
    expect(events.map((event) => event.description)).toEqual([
      'tracker.created',
      ...life.checkpoints.slice(1).map(() => 'tracker.updated'),
    ]);
    expect(events.map((event) => event.result!.status)).toEqual(
      life.checkpoints.map((checkpoint) => checkpoint.status),
    );
    expect(events.map((event) => event.result!.tracking_details.length)).toEqual(
      life.checkpoints.map((_, index) => index + 1),
    );
    expect(events.at(-1)!.result!.status).toBe('delivered');

    // An estimate from the first scan on, moved later by the failed attempt.
    const estimates = events.map((event) => event.result!.est_delivery_date);
    expect(estimates[0]).toBeNull();
    expect(estimates.slice(1).every((estimate) => estimate !== null)).toBe(true);
    const failed = life.checkpoints.findIndex((checkpoint) => checkpoint.attempt === 'failed');
    expect(Date.parse(estimates[failed]!)).toBeGreaterThan(Date.parse(estimates[failed - 1]!));
    expect(events[failed]!.previous_attributes).toMatchObject({
      status: 'out_for_delivery',
      est_delivery_date: estimates[failed - 1],
    });

    // Scans are dated when they happen, in real cities, and the SDK sees the same tracker.
    expect(final.status).toBe('delivered');
    const times = final.tracking_details.map((detail) => Date.parse(detail.datetime));
    expect(times.slice(1).map((time, index) => time - times[index]!)).toEqual(
      times.slice(1).map(() => 3_600_000),
    );
    expect(
      final.tracking_details.filter((detail) => detail.tracking_location.city).length,
    ).toBeGreaterThanOrEqual(life.checkpoints.length - 1);
    expect(final.carrier_detail.initial_delivery_attempt).toBe(
      final.tracking_details[failed]!.datetime,
    );
  });

  it('lets an operator move the clock forward to finish lives at once', async () => {
    const slow = await startTrackingSim({ stepMs: 3_600_000 });
    try {
      const tracker = await easyPost(slow).Tracker.create({ tracking_code: 'EZ4000000004' });
      expect(tracker.status).toBe('pre_transit');
      await slow.advanceClock(24 * 3_600_000);
      expect((await easyPost(slow).Tracker.retrieve(tracker.id)).status).toBe('delivered');
      const [summary] = await slow.listTrackers();
      expect(summary).toMatchObject({ status: 'delivered', complete: true, published: 7 });
    } finally {
      await slow.close();
    }
  });
});
