import { describe, expect, it } from 'vitest';
import { latestShipmentOf, trackingOfShipment } from './bigcartel-shipment.js';
import { type JsonApiResource } from './bigcartel-order.js';

const shipment = (id: string, attributes: Record<string, unknown>): JsonApiResource => ({
  id,
  type: 'shipments',
  attributes,
  relationships: {},
});

describe('Big Cartel shipment tracking', () => {
  it('reads carrier, tracking number and tracking link, trimmed', () => {
    expect(
      trackingOfShipment(
        shipment('1', {
          carrier: ' USPS ',
          tracking_number: '9400111899223197428490',
          tracking_url:
            'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
          notify_customer: true,
        }),
      ),
    ).toEqual({
      courier: 'USPS',
      trackingNumber: '9400111899223197428490',
      trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
    });
  });

  it('keeps whatever part is there, and calls a shipment without any no tracking', () => {
    expect(trackingOfShipment(shipment('1', { carrier: 'Canada Post' }))).toEqual({
      courier: 'Canada Post',
      trackingNumber: null,
      trackingUrl: null,
    });
    expect(
      trackingOfShipment(shipment('2', { carrier: '', tracking_number: null, items: [] })),
    ).toBeNull();
  });

  it('leaves out a tracking link that is not a web address', () => {
    expect(
      trackingOfShipment(
        shipment('1', { tracking_number: 'AB123456789GB', tracking_url: 'javascript:alert(1)' }),
      ),
    ).toEqual({ courier: null, trackingNumber: 'AB123456789GB', trackingUrl: null });
  });

  it('takes the latest shipment with a tracking number, by created_at', () => {
    const latest = latestShipmentOf([
      shipment('2', {
        carrier: 'DPD',
        tracking_number: '15501234567890',
        created_at: '2025-03-04T10:00:00.000Z',
      }),
      shipment('1', {
        carrier: 'Royal Mail',
        tracking_number: 'AB123456789GB',
        created_at: '2025-03-02T10:00:00.000Z',
      }),
      // Latest, but nothing to follow: the parcel before it is the one to track.
      shipment('3', { carrier: 'Evri', created_at: '2025-03-05T10:00:00.000Z' }),
    ]);
    expect(latest).toEqual({ courier: 'DPD', trackingNumber: '15501234567890', trackingUrl: null });
  });

  it('goes by the listed order when a shipment has no date, and falls back to one without a number', () => {
    expect(
      latestShipmentOf([
        shipment('1', { tracking_number: 'AB123456789GB', created_at: '2025-03-09T00:00:00Z' }),
        shipment('2', { tracking_number: '15501234567890' }),
      ]),
    ).toMatchObject({ trackingNumber: '15501234567890' });
    expect(latestShipmentOf([shipment('1', { carrier: 'Evri' }), shipment('2', {})])).toEqual({
      courier: 'Evri',
      trackingNumber: null,
      trackingUrl: null,
    });
    expect(latestShipmentOf([])).toBeNull();
  });
});
