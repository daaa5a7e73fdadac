import { describe, expect, it } from 'vitest';
import { detectCarrier } from './carriers.js';
import {
  lifeFor,
  LifeError,
  statusDetails,
  trackerStatuses,
  type Life,
  type TrackerStatus,
} from './life.js';

// The order a parcel's statuses may follow; a status may repeat or step back only from a failed
// attempt (in_transit after out_for_delivery), never before what it has already reached otherwise.
const rank: Partial<Record<TrackerStatus, number>> = {
  pre_transit: 0,
  in_transit: 1,
  out_for_delivery: 2,
  available_for_pickup: 3,
  delivered: 4,
  return_to_sender: 4,
  failure: 4,
};

function codes(count: number, prefix = '94001'): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i * 7919).padStart(17, '0')}`);
}

function statuses(life: Life): TrackerStatus[] {
  return life.checkpoints.map((checkpoint) => checkpoint.status);
}

describe('the life of a tracking code', () => {
  it('is the same every time for the same code and carrier', () => {
    const code = '9400111899223197428490';
    expect(lifeFor(code, 'USPS')).toEqual(lifeFor(code, 'USPS'));
    expect(lifeFor(code, 'USPS')).not.toEqual(lifeFor('9400111899223197428491', 'USPS'));
  });

  it.each([
    ['EZ1000000001', 'pre_transit'],
    ['EZ2000000002', 'in_transit'],
    ['EZ3000000003', 'out_for_delivery'],
    ['EZ4000000004', 'delivered'],
    ['EZ5000000005', 'return_to_sender'],
    ['EZ6000000006', 'failure'],
    ['EZ7000000007', 'unknown'],
  ])('ends the test code %s in %s', (code, status) => {
    const life = lifeFor(code, 'USPS');
    expect(life.finalStatus).toBe(status);
    expect(life.checkpoints.at(-1)?.status ?? 'unknown').toBe(status);
  });

  it('has no scans at all for the unknown test code', () => {
    expect(lifeFor('EZ7000000007', 'USPS').checkpoints).toEqual([]);
  });

  it('starts EZ1000000001 with the two scans EasyPost documents', () => {
    const life = lifeFor('EZ1000000001', 'USPS');
    expect(life.checkpoints.map((checkpoint) => checkpoint.message)).toEqual([
      'Pre-Shipment Info Sent to USPS',
      'Shipping Label Created',
    ]);
    expect(life.checkpoints[1]!.place).toMatchObject({
      city: 'HOUSTON',
      state: 'TX',
      zip: '77063',
    });
  });

  it('refuses an EZ code that is not one of the seven test codes', () => {
    expect(() => lifeFor('EZ8000000008', 'USPS')).toThrow(LifeError);
    expect(() => lifeFor('EZ9000000009', 'USPS')).toThrow(/EZ1000000001 to EZ7000000007/);
  });

  it('takes any other code from label to a final status, never going back', () => {
    const problems: string[] = [];
    for (const code of codes(300)) {
      const life = lifeFor(code, 'USPS');
      const steps = statuses(life);
      if (steps[0] !== 'pre_transit' || steps[1] !== 'in_transit') problems.push(`${code} start`);
      if (!steps.includes('out_for_delivery')) problems.push(`${code} never out for delivery`);
      if (!['delivered', 'return_to_sender'].includes(life.finalStatus)) {
        problems.push(`${code} ends ${life.finalStatus}`);
      }
      let reached = 0;
      steps.forEach((status, index) => {
        const failedAttempt = life.checkpoints[index]!.attempt === 'failed';
        // After a failed attempt the parcel goes out for delivery again.
        if (!failedAttempt && status !== 'out_for_delivery' && rank[status]! < reached) {
          problems.push(`${code} goes back to ${status} at scan ${index}`);
        }
        reached = Math.max(reached, failedAttempt ? 1 : rank[status]!);
      });
    }
    expect(problems).toEqual([]);
  });

  it('moves through several real cities between the origin and the destination', () => {
    const life = lifeFor('9400111899223197428490', 'USPS');
    const cities = new Set(life.checkpoints.flatMap((checkpoint) => checkpoint.place?.city ?? []));
    expect(cities.size).toBeGreaterThanOrEqual(3);
    expect(life.checkpoints[0]!.place).toEqual(life.origin);
    expect(life.checkpoints.at(-1)!.place).toEqual(life.destination);
    expect(life.origin.zip).toMatch(/^\d{5}$/);
  });

  it('gives some lives a failed attempt, an exception, a pickup or a return', () => {
    const kinds = new Map<string, number>();
    for (const code of codes(1000)) {
      const { kind } = lifeFor(code, 'USPS');
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    expect(kinds.get('delivered')).toBeGreaterThan(400);
    for (const kind of ['failed_attempt', 'exception', 'pickup', 'return_to_sender']) {
      expect(kinds.get(kind)).toBeGreaterThan(40);
    }
  });

  it('shows each kind of life with the statuses EasyPost uses for it', () => {
    const byKind = new Map<string, Life>();
    for (const code of codes(400)) {
      const life = lifeFor(code, 'USPS');
      if (!byKind.has(life.kind)) byKind.set(life.kind, life);
    }
    const details = (kind: string) => byKind.get(kind)!.checkpoints.map((c) => c.statusDetail);
    expect(details('failed_attempt')).toContain('delivery_exception');
    expect(details('exception')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(weather_delay|delayed|missorted)$/)]),
    );
    expect(statuses(byKind.get('pickup')!).slice(-2)).toEqual([
      'available_for_pickup',
      'delivered',
    ]);
    expect(byKind.get('return_to_sender')!.checkpoints.at(-1)!.statusDetail).toBe('return');
  });

  it('uses only EasyPost statuses and status details', () => {
    const used = { statuses: new Set<string>(), details: new Set<string>() };
    const samples = [
      ...codes(200),
      '1Z999AA10123456784',
      'EZ4000000004',
      'EZ5000000005',
      'EZ6000000006',
    ];
    for (const code of samples) {
      for (const checkpoint of lifeFor(code, detectCarrier(code)!).checkpoints) {
        used.statuses.add(checkpoint.status);
        used.details.add(checkpoint.statusDetail);
      }
    }
    expect(trackerStatuses).toEqual(expect.arrayContaining([...used.statuses]));
    expect(statusDetails).toEqual(expect.arrayContaining([...used.details]));
  });

  it('estimates delivery once the carrier has the parcel, and moves the estimate after a delay or a failed attempt', () => {
    for (const code of codes(100)) {
      const life = lifeFor(code, 'USPS');
      const estimates = life.checkpoints.map((checkpoint) => checkpoint.estimatedDeliveryIndex);
      expect(estimates[0]).toBeNull();
      expect(estimates[1]).not.toBeNull();
      const last = life.checkpoints.length - 1;
      if (life.finalStatus === 'delivered') expect(estimates[last]).toBe(last);
      if (life.kind === 'failed_attempt') {
        const failed = life.checkpoints.findIndex((checkpoint) => checkpoint.attempt === 'failed');
        expect(estimates[failed - 1]).toBe(failed);
        expect(estimates[failed]).toBe(last);
      }
      if (life.kind === 'exception') expect(estimates[1]!).toBeLessThan(last);
    }
  });

  it('words scans as the carrier would', () => {
    const ups = lifeFor('1Z999AA10123456784', 'UPS');
    expect(ups.checkpoints[0]!.message).toBe(
      'Shipper created a label, UPS has not received the package yet.',
    );
    expect(ups.checkpoints[0]!.carrierCode).toBe('M');
    const usps = lifeFor('9400111899223197428490', 'USPS');
    expect(usps.checkpoints[0]!.message).toBe('Shipping Label Created, USPS Awaiting Item');
    const royalMail = lifeFor('RR123456785GB', 'RoyalMail');
    expect(royalMail.origin.country).toBe('GB');
  });
});
