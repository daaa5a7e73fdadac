import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '@onvelope/service-kit/observability';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { shipmentTrackerModel } from '../src/data/shipment-tracker.model.js';
import { watchRegistrations } from '../src/use-cases/registration-metrics.js';

/** Issue 40: the tracker registrations waiting, as operators watch them. */

const now = new Date('2026-11-29T08:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

let db: Connection;

beforeAll(async () => {
  db = await connectTestDatabase(uniqueDatabaseName('sync_registration_metrics'));
});

afterAll(async () => {
  await db?.close();
});

const gaugeLine = (text: string, due: string) =>
  new RegExp(`^tracking_registrations_pending\\{[^}]*due="${due}"[^}]*\\} (\\S+)$`, 'm').exec(
    text,
  )?.[1];

describe('tracking_registrations_pending', () => {
  it('counts the pending registrations due now and those waiting, never the registered or refused', async () => {
    // Raw documents: the gauge reads only the claim's fields.
    await shipmentTrackerModel(db).collection.insertMany([
      { state: 'pending', nextAttemptAt: at(-60) },
      { state: 'pending', nextAttemptAt: at(0) },
      // Waiting out a retry pause, or held by a replica's claim.
      { state: 'pending', nextAttemptAt: at(30) },
      { state: 'registered', nextAttemptAt: at(-60) },
      { state: 'refused', nextAttemptAt: at(-60) },
    ]);
    const metrics = createMetrics({ service: 'svc-sync', defaultMetrics: false });
    watchRegistrations(metrics, db, () => now);

    const { body } = await metrics.expose();

    expect(gaugeLine(body, 'now')).toBe('2');
    expect(gaugeLine(body, 'later')).toBe('1');
  });
});
