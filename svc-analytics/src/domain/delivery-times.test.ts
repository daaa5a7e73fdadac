import { describe, expect, it } from 'vitest';
import { calendarOf } from './calendar.js';
import {
  createDeliveryTimesBuilder,
  estimatedDayOf,
  isOnTime,
  quantileOf,
  transitHoursOf,
  type DeliveryFact,
} from './delivery-times.js';

const london = calendarOf('Europe/London');
const HOUR = 3_600_000;

/** The quantile of a plain list, between the two nearest ranks: the reference the histogram must match. */
function quantileOfList(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * p;
  const low = sorted[Math.floor(rank)]!;
  const high = sorted[Math.ceil(rank)]!;
  return low + (high - low) * (rank - Math.floor(rank));
}

const histogramOf = (values: number[]) => {
  const histogram = new Map<number, number>();
  for (const value of values) histogram.set(value, (histogram.get(value) ?? 0) + 1);
  return histogram;
};

describe('median and p90', () => {
  it('gives the middle value of an odd count, and halfway between the two middle ones of an even count', () => {
    expect(quantileOf(histogramOf([72, 24, 48]), 0.5)).toBe(48);
    expect(quantileOf(histogramOf([24, 48, 72, 96]), 0.5)).toBe(60);
  });

  it('interpolates the 90th percentile between the nearest ranks', () => {
    // Ten values 1..10: rank 8.1 of 0..9, between 9 and 10.
    expect(quantileOf(histogramOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), 0.9)).toBeCloseTo(9.1);
    expect(quantileOf(histogramOf([5]), 0.9)).toBe(5);
  });

  it('reads repeated values from their counts, as a sorted list would', () => {
    const values = [30, 30, 30, 30, 50, 50, 70, 200, 30, 50, 12, 12, 400];
    for (const p of [0, 0.1, 0.5, 0.75, 0.9, 1]) {
      expect(quantileOf(histogramOf(values), p), `p=${p}`).toBeCloseTo(quantileOfList(values, p));
    }
  });

  it('matches a sorted list on many random samples', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    for (let sample = 0; sample < 50; sample += 1) {
      const values = Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
        Math.floor(random() * 300),
      );
      for (const p of [0.5, 0.9]) {
        expect(quantileOf(histogramOf(values), p)).toBeCloseTo(quantileOfList(values, p));
      }
    }
  });

  it('has no quantile without values', () => {
    expect(quantileOf(new Map(), 0.5)).toBeNull();
  });
});

describe('what a carrier delivery is', () => {
  const shippedAt = new Date('2026-11-02T10:00:00Z');

  it('takes the hours from shipped to the carrier delivery, rounded', () => {
    const deliveredAt = new Date(shippedAt.getTime() + 49.6 * HOUR);
    expect(transitHoursOf({ status: 'delivered', shippedAt, deliveredAt })).toBe(50);
  });

  it('leaves out an order with no carrier date, no shipping date, a delivery before shipping, or a cancellation', () => {
    const deliveredAt = new Date(shippedAt.getTime() + 24 * HOUR);
    expect(transitHoursOf({ status: 'delivered', shippedAt, deliveredAt: null })).toBeNull();
    expect(transitHoursOf({ status: 'delivered', shippedAt: null, deliveredAt })).toBeNull();
    expect(
      transitHoursOf({ status: 'delivered', shippedAt: deliveredAt, deliveredAt: shippedAt }),
    ).toBeNull();
    expect(transitHoursOf({ status: 'cancelled', shippedAt, deliveredAt })).toBeNull();
    // The seller's own status wins on the order; the carrier's delivery still took its time.
    expect(transitHoursOf({ status: 'processing', shippedAt, deliveredAt })).toBe(24);
  });
});

describe('on time against the estimate', () => {
  it('reads an estimate at midnight UTC as its date, and one with a time on the seller calendar', () => {
    const tokyo = calendarOf('Asia/Tokyo');
    const newYork = calendarOf('America/New_York');
    expect(estimatedDayOf(new Date('2026-11-05T00:00:00Z'), newYork)).toBe('2026-11-05');
    expect(estimatedDayOf(new Date('2026-11-05T20:00:00Z'), tokyo)).toBe('2026-11-06');
    expect(estimatedDayOf(new Date('2026-11-05T20:00:00Z'), london)).toBe('2026-11-05');
  });

  it('counts a delivery on or before the estimated day as on time, however late that day', () => {
    const estimate = new Date('2026-11-05T00:00:00Z');
    expect(isOnTime(new Date('2026-11-04T09:00:00Z'), estimate, london)).toBe(true);
    expect(isOnTime(new Date('2026-11-05T21:30:00Z'), estimate, london)).toBe(true);
    expect(isOnTime(new Date('2026-11-06T08:00:00Z'), estimate, london)).toBe(false);
    // Summer: 23:30 UTC is already the next day in London.
    expect(
      isOnTime(new Date('2026-07-05T23:30:00Z'), new Date('2026-07-05T00:00:00Z'), london),
    ).toBe(false);
  });
});

describe('delivery times of a seller', () => {
  const today = '2026-11-25';
  const delivery = (
    deliveredAt: string,
    days: number,
    fields: Partial<DeliveryFact> = {},
  ): DeliveryFact => ({
    status: 'delivered',
    shippingCountry: 'GB',
    courier: 'Royal Mail',
    shippedAt: new Date(Date.parse(deliveredAt) - days * 24 * HOUR),
    deliveredAt: new Date(deliveredAt),
    firstEstimatedDeliveryAt: null,
    ...fields,
  });
  const rangeOf =
    (result: ReturnType<ReturnType<typeof createDeliveryTimesBuilder>['result']>) =>
    (days: number) =>
      result.panel.ranges.find((range) => range.days === days)!;

  it('gives each range the deliveries of its days, by carrier and by country, most first', () => {
    const builder = createDeliveryTimesBuilder(london, today);
    builder.add(
      delivery('2026-11-24T12:00:00Z', 1, {
        firstEstimatedDeliveryAt: new Date('2026-11-24T00:00:00Z'),
      }),
    );
    builder.add(
      delivery('2026-11-23T12:00:00Z', 3, {
        courier: ' royal mail',
        firstEstimatedDeliveryAt: new Date('2026-11-22T00:00:00Z'),
      }),
    );
    builder.add(delivery('2026-11-20T12:00:00Z', 2, { courier: 'DHL', shippingCountry: 'us' }));
    builder.add(delivery('2026-10-01T12:00:00Z', 10, { courier: 'DHL', shippingCountry: 'US' }));
    builder.add(delivery('2026-11-22T12:00:00Z', 4, { courier: null, shippingCountry: null }));
    const ranges = rangeOf(builder.result());

    expect(ranges(7).overall).toEqual({
      delivered: 4,
      medianDays: 2.5,
      p90Days: 3.7,
      withEstimate: 2,
      onTime: 1,
      onTimeShare: 50,
    });
    expect(ranges(7).byCarrier).toEqual([
      {
        courier: 'Royal Mail',
        delivered: 2,
        medianDays: 2,
        p90Days: 2.8,
        withEstimate: 2,
        onTime: 1,
        onTimeShare: 50,
      },
      {
        courier: 'DHL',
        delivered: 1,
        medianDays: 2,
        p90Days: 2,
        withEstimate: 0,
        onTime: 0,
        onTimeShare: null,
      },
    ]);
    expect(ranges(7).byCountry.map((row) => [row.country, row.delivered])).toEqual([
      ['GB', 2],
      ['US', 1],
    ]);
    expect(ranges(90).byCarrier.map((row) => [row.courier, row.delivered, row.medianDays])).toEqual(
      [
        ['DHL', 2, 6],
        ['Royal Mail', 2, 2],
      ],
    );
    expect(ranges(30).overall.delivered).toBe(4);
    expect(ranges(365).overall.delivered).toBe(5);
  });

  it('answers empty figures without deliveries, and recounts on no day', () => {
    const builder = createDeliveryTimesBuilder(london, today);
    builder.add(delivery('2026-11-24T12:00:00Z', 1, { deliveredAt: null }));
    const result = builder.result();
    expect(result.panel.asOf).toBe(today);
    expect(result.panel.ranges.map((range) => range.days)).toEqual([7, 30, 90, 365]);
    expect(rangeOf(result)(30)).toEqual({
      days: 30,
      overall: {
        delivered: 0,
        medianDays: null,
        p90Days: null,
        withEstimate: 0,
        onTime: 0,
        onTimeShare: null,
      },
      byCarrier: [],
      byCountry: [],
    });
    expect(result.recountOn).toBeNull();
  });

  it('recounts on the day the oldest delivery of a range leaves it, or a later-dated one enters', () => {
    const builder = createDeliveryTimesBuilder(london, today);
    // In the 30, 90 and 365 days: it leaves the 30 days on 15 Dec.
    builder.add(delivery('2026-11-15T12:00:00Z', 2));
    expect(builder.result().recountOn).toBe('2026-12-15');
    // In the 7 days too: it leaves them on 1 Dec.
    builder.add(delivery('2026-11-24T12:00:00Z', 2));
    expect(builder.result().recountOn).toBe('2026-12-01');
    // Dated tomorrow (a clock ahead): it enters the ranges then.
    builder.add(delivery('2026-11-26T08:00:00Z', 2));
    expect(builder.result().recountOn).toBe('2026-11-26');
    expect(rangeOf(builder.result())(7).overall.delivered).toBe(1);
    expect(rangeOf(builder.result())(30).overall.delivered).toBe(2);
  });

  it('keeps only the ten carriers and countries with most deliveries', () => {
    const builder = createDeliveryTimesBuilder(london, today);
    for (let n = 0; n < 12; n += 1) {
      for (let copy = 0; copy <= n; copy += 1) {
        builder.add(
          delivery('2026-11-24T12:00:00Z', 1, {
            courier: `Carrier ${n}`,
            shippingCountry: `C${n}`,
          }),
        );
      }
    }
    const week = rangeOf(builder.result())(7);
    expect(week.byCarrier).toHaveLength(10);
    expect(week.byCarrier[0]).toMatchObject({ courier: 'Carrier 11', delivered: 12 });
    expect(week.byCountry.at(-1)).toMatchObject({ country: 'C2', delivered: 3 });
    expect(week.overall.delivered).toBe(78);
  });
});
