import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTrackingSim, type TrackerJson, type TrackingSim } from '../src/index.js';
import { call, easyPost, productionKey, type EasyPostClient } from './helpers.js';

describe('the Trackers API through the official SDK', () => {
  let sim: TrackingSim;
  let client: EasyPostClient;
  beforeAll(async () => {
    // A long step: these tests look at trackers, not at their lives.
    sim = await startTrackingSim({ stepMs: 60_000 });
    client = easyPost(sim);
  });
  afterEach(() => sim.reset());
  afterAll(() => sim.close());

  it('creates a tracker shaped like EasyPost’s Tracker object', async () => {
    const tracker = await client.Tracker.create({ tracking_code: 'EZ1000000001', carrier: 'USPS' });
    expect(tracker.id).toMatch(/^trk_[0-9a-f]{32}$/);
    expect(tracker).toMatchObject({
      object: 'Tracker',
      mode: 'test',
      tracking_code: 'EZ1000000001',
      status: 'pre_transit',
      status_detail: 'status_update',
      signed_by: null,
      weight: null,
      shipment_id: null,
      carrier: 'USPS',
      fees: [],
      finalized: true,
      is_return: false,
    });
    expect(tracker.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(tracker.tracking_details).toHaveLength(1);
    expect(tracker.tracking_details[0]).toMatchObject({
      object: 'TrackingDetail',
      message: 'Pre-Shipment Info Sent to USPS',
      description: '',
      status: 'pre_transit',
      status_detail: 'status_update',
      source: 'USPS',
      carrier_code: '',
      tracking_location: {
        object: 'TrackingLocation',
        city: null,
        state: null,
        country: null,
        zip: null,
      },
    });
    expect(tracker.carrier_detail).toMatchObject({
      object: 'CarrierDetail',
      service: 'First-Class Package Service',
      origin_location: 'HOUSTON TX, 77063',
      origin_tracking_location: { object: 'TrackingLocation', city: 'HOUSTON', state: 'TX' },
      destination_location: 'CHARLESTON SC, 29401',
    });
    // EasyPost's public link is base64 of "v1:" and the id; here it opens the simulator's page.
    expect(tracker.public_url).toBe(
      `${sim.url}/track/${Buffer.from(`v1:${tracker.id}`).toString('base64url')}`,
    );
    const page = await fetch(tracker.public_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('EZ1000000001');
  });

  it('answers the original tracker instead of a duplicate for the same code and carrier', async () => {
    const first = await client.Tracker.create({ tracking_code: '9400111899223197428490' });
    const again = await client.Tracker.create({
      tracking_code: '9400 1118 9922 3197 4284 90',
      carrier: 'usps',
    });
    expect(again.id).toBe(first.id);
    const other = await client.Tracker.create({
      tracking_code: '9400111899223197428490',
      carrier: 'FedEx',
    });
    expect(other.id).not.toBe(first.id);
    expect((await sim.listTrackers()).length).toBe(2);
    const raw = await call(sim, '/v2/trackers', {
      method: 'POST',
      body: { tracker: { tracking_code: '9400111899223197428490' } },
    });
    expect(raw.status).toBe(200);
    expect((raw.body as TrackerJson).id).toBe(first.id);
  });

  it('detects the carrier from the code when none is given', async () => {
    const cases = {
      '1Z999AA10123456784': 'UPS',
      '9400111899223197428490': 'USPS',
      '123456789012': 'FedEx',
      '1234567890': 'DHLExpress',
      RR123456785GB: 'RoyalMail',
    };
    for (const [code, carrier] of Object.entries(cases)) {
      const tracker = await client.Tracker.create({ tracking_code: code });
      expect(tracker.carrier).toBe(carrier);
    }
  });

  it('refuses a code whose carrier it cannot tell, and an unknown test code', async () => {
    await expect(client.Tracker.create({ tracking_code: 'ABCDEFG' })).rejects.toMatchObject({
      statusCode: 422,
      code: 'TRACKER.NO_CARRIER_FOR_CODE',
    });
    await expect(client.Tracker.create({ tracking_code: 'EZ9000000009' })).rejects.toMatchObject({
      statusCode: 422,
      code: 'TRACKER.INVALID_TEST_CODE',
    });
    const missing = await call(sim, '/v2/trackers', { method: 'POST', body: { tracker: {} } });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      error: { code: 'TRACKER.INVALID_PARAMS', message: 'tracking_code is required.', errors: [] },
    });
  });

  it('retrieves a tracker by id, and 404s one it does not have', async () => {
    const created = await client.Tracker.create({ tracking_code: 'EZ2000000002' });
    const retrieved = await client.Tracker.retrieve(created.id);
    expect(retrieved).toMatchObject({ id: created.id, tracking_code: 'EZ2000000002' });
    await expect(
      client.Tracker.retrieve('trk_00000000000000000000000000000000'),
    ).rejects.toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('lists trackers newest first and pages with the SDK’s getNextPage', async () => {
    const codes = Array.from({ length: 7 }, (_, i) => `94001118992231974284${10 + i}`);
    for (const code of codes) await client.Tracker.create({ tracking_code: code });
    const first = await client.Tracker.all({ page_size: 3 });
    expect(first.trackers.map((tracker) => tracker.tracking_code)).toEqual(
      codes.slice(4).reverse(),
    );
    expect(first.has_more).toBe(true);
    const second = await client.Tracker.getNextPage(first);
    expect(second.trackers.map((tracker) => tracker.tracking_code)).toEqual(
      codes.slice(1, 4).reverse(),
    );
    const third = await client.Tracker.getNextPage(second);
    expect(third.trackers.map((tracker) => tracker.tracking_code)).toEqual([codes[0]]);
    expect(third.has_more).toBe(false);
    await expect(client.Tracker.getNextPage(third)).rejects.toThrow(/no more pages/);

    const newer = await call(sim, `/v2/trackers?page_size=2&after_id=${third.trackers[0]!.id}`);
    expect(
      (newer.body as { trackers: TrackerJson[] }).trackers.map((t) => t.tracking_code),
    ).toEqual([codes[2], codes[1]]);
  });

  it('filters the list by tracking code and carrier, as EasyPost recommends for lookups', async () => {
    await client.Tracker.create({ tracking_code: 'EZ3000000003' });
    await client.Tracker.create({ tracking_code: 'EZ4000000004' });
    const found = await client.Tracker.all({ tracking_code: 'EZ4000000004', carrier: 'USPS' });
    expect(found.trackers.map((tracker) => tracker.tracking_code)).toEqual(['EZ4000000004']);
    expect((await client.Tracker.all({ carrier: 'UPS' })).trackers).toEqual([]);
  });

  it('retrieves a batch of trackers by tracking codes', async () => {
    await client.Tracker.create({ tracking_code: 'EZ1000000001' });
    await client.Tracker.create({ tracking_code: 'EZ2000000002' });
    await client.Tracker.create({ tracking_code: 'EZ3000000003' });
    // The SDK has the method (v8.3 on) but its type declarations do not list it yet.
    const tracker = client.Tracker as unknown as {
      retrieveBatch(params: object): Promise<{ trackers: TrackerJson[]; has_more: boolean }>;
    };
    const batch = await tracker.retrieveBatch({
      tracking_codes: ['EZ1000000001', 'EZ3000000003', 'EZ5000000005'],
    });
    expect(batch.trackers.map((tracker) => tracker.tracking_code).sort()).toEqual([
      'EZ1000000001',
      'EZ3000000003',
    ]);
    expect(batch.has_more).toBe(false);
  });

  it('deletes a tracker', async () => {
    const tracker = await client.Tracker.create({ tracking_code: 'EZ1000000001' });
    await client.Tracker.delete(tracker.id);
    await expect(client.Tracker.retrieve(tracker.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps test and production trackers apart, as EasyPost’s two kinds of key do', async () => {
    const test = await client.Tracker.create({ tracking_code: 'EZ4000000004' });
    const production = easyPost(sim, productionKey);
    const live = await production.Tracker.create({ tracking_code: 'EZ4000000004' });
    expect(live.id).not.toBe(test.id);
    expect(live.mode).toBe('production');
    expect(live.fees).toMatchObject([
      { object: 'Fee', type: 'TrackerFee', amount: '0.02000', charged: true, refunded: false },
    ]);
    await expect(production.Tracker.retrieve(test.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await production.Tracker.all()).trackers.map((tracker) => tracker.id)).toEqual([
      live.id,
    ]);
  });

  it('answers 401 in EasyPost’s error shape without a valid key', async () => {
    const missing = await call(sim, '/v2/trackers', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      error: { code: 'APIKEY.REQUIRED', message: expect.any(String), errors: [] },
    });
    await expect(easyPost(sim, 'sk_not_easypost').Tracker.all()).rejects.toMatchObject({
      statusCode: 401,
      code: 'UNAUTHORIZED',
    });
  });

  it('answers unknown routes and bad bodies in EasyPost’s error shape', async () => {
    expect(await call(sim, '/v2/shipments')).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND' } },
    });
    const response = await fetch(`${sim.url}/v2/trackers`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('EZTK1:').toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: '{"tracker":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'BAD_REQUEST', errors: [] } });
    expect(await call(sim, '/v2/trackers?page_size=0')).toMatchObject({ status: 400 });
  });
});
