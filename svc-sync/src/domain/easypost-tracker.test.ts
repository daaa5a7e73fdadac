import { describe, expect, it } from 'vitest';
import { deliveryOfEasyPostTracker, easyPostCarrierOf } from './easypost-tracker.js';

const detail = (datetime: string, status: string, message: string, city?: string) => ({
  datetime,
  status,
  status_detail: status === 'delivered' ? 'arrived_at_destination' : 'arrived_at_facility',
  message,
  tracking_location: city ? { city, state: 'TN', country: 'US' } : { city: null },
});

describe('deliveryOfEasyPostTracker', () => {
  it("maps a tracker's status, checkpoints oldest first, estimate and delivery", () => {
    const delivery = deliveryOfEasyPostTracker({
      id: 'trk_1',
      tracking_code: 'EZ4000000004',
      status: 'delivered',
      status_detail: 'arrived_at_destination',
      signed_by: ' John Tester ',
      est_delivery_date: '2026-11-24T00:00:00Z',
      carrier: 'USPS',
      public_url: 'https://track.easypost.com/x',
      updated_at: '2026-11-23T15:00:05Z',
      tracking_details: [
        detail('2026-11-23T15:00:00Z', 'delivered', 'Delivered', 'Nashville'),
        detail('2026-11-21T08:00:00Z', 'in_transit', 'Arrived at facility', 'Memphis'),
        detail('not a date', 'in_transit', 'Unreadable'),
        detail('2026-11-20T08:00:00Z', 'pre_transit', 'Label created'),
      ],
    });
    expect(delivery).toEqual({
      provider: 'easypost',
      trackerId: 'trk_1',
      carrier: 'USPS',
      carrierStatus: 'delivered',
      statusDetail: 'arrived_at_destination',
      checkpoints: [
        {
          at: '2026-11-20T08:00:00.000Z',
          status: 'pre_transit',
          statusDetail: 'arrived_at_facility',
          message: 'Label created',
          place: null,
        },
        {
          at: '2026-11-21T08:00:00.000Z',
          status: 'in_transit',
          statusDetail: 'arrived_at_facility',
          message: 'Arrived at facility',
          place: 'Memphis, TN, US',
        },
        {
          at: '2026-11-23T15:00:00.000Z',
          status: 'delivered',
          statusDetail: 'arrived_at_destination',
          message: 'Delivered',
          place: 'Nashville, TN, US',
        },
      ],
      estimatedDeliveryAt: '2026-11-24T00:00:00.000Z',
      signedBy: 'John Tester',
      carrierUrl: 'https://track.easypost.com/x',
      deliveredAt: '2026-11-23T15:00:00.000Z',
      carrierUpdatedAt: '2026-11-23T15:00:05.000Z',
    });
  });

  it('reads a status it does not know as unknown, and a tracker with no scans as such', () => {
    expect(
      deliveryOfEasyPostTracker({ id: 'trk_2', tracking_code: 'X', status: 'teleported' }),
    ).toMatchObject({ carrierStatus: 'unknown', checkpoints: [], deliveredAt: null });
  });
});

describe('easyPostCarrierOf', () => {
  it("names EasyPost's carrier for a courier svc-orders knows, and none for another", () => {
    expect(easyPostCarrierOf('Royal Mail')).toBe('RoyalMail');
    expect(easyPostCarrierOf('DHL')).toBe('DHLExpress');
    expect(easyPostCarrierOf('Speedy Local Couriers')).toBeUndefined();
    expect(easyPostCarrierOf(null)).toBeUndefined();
  });
});
