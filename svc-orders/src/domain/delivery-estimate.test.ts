import { describe, expect, it } from 'vitest';
import {
  defaultDeliveryEstimateRule,
  type DeliveryEstimateRule,
  type DeliveryRecord,
} from '@onvelope/contracts';
import {
  addBusinessDays,
  estimateDelivery,
  transitDaysOf,
  type EstimatedOrder,
} from './delivery-estimate.js';

// Friday 27 November 2026, 10:00 UTC.
const now = new Date('2026-11-27T10:00:00Z');

const order = (fields: Partial<EstimatedOrder> = {}): EstimatedOrder => ({
  status: 'processing',
  orderDate: '2026-11-26T09:00:00.000Z',
  createdAt: '2026-11-26T09:05:00.000Z',
  shippedAt: null,
  shippingCountry: 'GB',
  courier: null,
  delivery: null,
  ...fields,
});

const carrierSays = (fields: Partial<DeliveryRecord>): DeliveryRecord => ({
  provider: 'easypost',
  trackerId: 'trk_1',
  carrier: 'USPS',
  carrierStatus: 'in_transit',
  statusDetail: null,
  checkpoints: [],
  estimatedDeliveryAt: null,
  signedBy: null,
  carrierUrl: null,
  deliveredAt: null,
  carrierUpdatedAt: '2026-11-27T08:00:00.000Z',
  ...fields,
});

const rule: DeliveryEstimateRule = {
  processingDays: 2,
  domesticTransitDays: 3,
  internationalTransitDays: 8,
  lanes: [
    { country: 'US', carrier: null, transitDays: 6 },
    { country: 'US', carrier: 'Royal Mail', transitDays: 9 },
  ],
};

describe('addBusinessDays', () => {
  it('skips Saturdays and Sundays and keeps the day itself for none', () => {
    expect(addBusinessDays('2026-11-27T23:30:00Z', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-27T00:00:00Z', 5)).toBe('2026-12-04');
    expect(addBusinessDays('2026-11-28T12:00:00Z', 0)).toBe('2026-11-28');
    expect(addBusinessDays('2026-11-28T12:00:00Z', 1)).toBe('2026-11-30');
  });
});

describe('transitDaysOf', () => {
  it('takes the lane of the country and carrier, then of the country, then home or abroad', () => {
    expect(transitDaysOf(rule, 'United States', 'Royal Mail Tracked 48', 'GB')).toBe(9);
    expect(transitDaysOf(rule, 'us', 'USPS', 'GB')).toBe(6);
    expect(transitDaysOf(rule, 'United Kingdom', 'DPD', 'gb')).toBe(3);
    expect(transitDaysOf(rule, 'France', null, 'GB')).toBe(8);
  });

  it('counts an order with no readable country, or a seller with none, as going abroad', () => {
    expect(transitDaysOf(rule, null, null, 'GB')).toBe(8);
    expect(transitDaysOf(rule, 'Atlantis', null, 'GB')).toBe(8);
    expect(transitDaysOf(rule, 'GB', null, null)).toBe(8);
  });

  it('matches a lane carrier the seller typed in their own words', () => {
    const typed = { ...rule, lanes: [{ country: 'FR', carrier: 'La Poste', transitDays: 4 }] };
    expect(transitDaysOf(typed, 'FR', ' la poste ', 'GB')).toBe(4);
    expect(transitDaysOf(typed, 'FR', 'Chronopost', 'GB')).toBe(8);
  });
});

describe('estimateDelivery', () => {
  it("uses the carrier's date while it gives one", () => {
    const estimate = estimateDelivery(
      order({
        status: 'shipped',
        delivery: carrierSays({ estimatedDeliveryAt: '2026-12-03T00:00:00.000Z' }),
      }),
      rule,
      'GB',
      now,
    );
    expect(estimate).toEqual({ date: '2026-12-03', by: 'carrier' });
  });

  it('counts transit days from the shipment, processing days too before it', () => {
    const shipped = order({ status: 'shipped', shippedAt: '2026-11-27T09:00:00.000Z' });
    expect(estimateDelivery(shipped, rule, 'GB', now)).toEqual({
      date: '2026-12-02',
      by: 'seller',
    });
    // Thursday + 2 processing + 3 transit business days.
    expect(estimateDelivery(order(), rule, 'GB', now)).toEqual({
      date: '2026-12-03',
      by: 'seller',
    });
    expect(estimateDelivery(order({ orderDate: null }), rule, 'GB', now)?.date).toBe('2026-12-03');
  });

  it("has none once delivered, cancelled, in trouble, or when the seller's day has passed", () => {
    expect(estimateDelivery(order({ status: 'delivered' }), rule, 'GB', now)).toBeNull();
    expect(estimateDelivery(order({ status: 'cancelled' }), rule, 'GB', now)).toBeNull();
    for (const carrierStatus of ['return_to_sender', 'failure', 'available_for_pickup'] as const) {
      const troubled = order({
        status: 'shipped',
        delivery: carrierSays({ carrierStatus, estimatedDeliveryAt: '2026-12-03T00:00:00.000Z' }),
      });
      expect(estimateDelivery(troubled, rule, 'GB', now)).toBeNull();
    }
    const late = order({ status: 'shipped', shippedAt: '2026-11-02T09:00:00.000Z' });
    expect(estimateDelivery(late, rule, 'GB', now)).toBeNull();
  });

  it('gives a seller who set nothing the defaults', () => {
    const shipped = order({ status: 'shipped', shippedAt: '2026-11-27T09:00:00.000Z' });
    expect(estimateDelivery(shipped, defaultDeliveryEstimateRule, 'GB', now)?.date).toBe(
      '2026-12-02',
    );
    expect(
      estimateDelivery(
        { ...shipped, shippingCountry: 'DE' },
        defaultDeliveryEstimateRule,
        'GB',
        now,
      )?.date,
    ).toBe('2026-12-11');
  });
});
