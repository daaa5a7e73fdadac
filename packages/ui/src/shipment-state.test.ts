import { describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '@onvelope/contracts';
import { shipmentState } from './shipment-state.js';

const delivery = (over: Partial<DeliveryRecord> = {}): DeliveryRecord => ({
  provider: 'easypost',
  trackerId: 'trk_1',
  carrier: 'USPS',
  carrierStatus: 'in_transit',
  statusDetail: 'arrived_at_facility',
  checkpoints: [
    {
      at: '2026-11-20T10:00:00.000Z',
      status: 'pre_transit',
      statusDetail: 'label_created',
      message: 'Label created',
      place: null,
    },
    {
      at: '2026-11-21T10:00:00.000Z',
      status: 'in_transit',
      statusDetail: 'arrived_at_facility',
      message: 'Arrived at facility',
      place: 'Memphis, TN, US',
    },
  ],
  estimatedDeliveryAt: '2026-11-24T00:00:00.000Z',
  signedBy: null,
  carrierUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=X',
  deliveredAt: null,
  carrierUpdatedAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

describe('shipmentState', () => {
  it('says where a moving parcel was last seen, with the estimate', () => {
    expect(shipmentState(delivery(), 'shipped')).toEqual({
      tone: 'moving',
      headline: 'On its way',
      detail: 'Last seen in Memphis, TN, US',
      showEstimate: true,
    });
  });

  it.each([
    ['out_for_delivery', 'out_for_delivery', 'Out for delivery today', 'moving', true],
    [
      'in_transit',
      'delivery_exception',
      'Delivery attempt failed — the carrier will try again',
      'attention',
      false,
    ],
    ['in_transit', 'weather_delay', 'On its way, running late', 'moving', true],
    ['available_for_pickup', 'arrived_at_pickup_location', 'Ready to collect', 'attention', false],
    ['return_to_sender', 'return', 'Returned to sender', 'problem', false],
    ['failure', 'failure', 'There is a problem with this delivery', 'problem', false],
    [
      'pre_transit',
      'label_created',
      'Label created — waiting for the carrier to collect it',
      'moving',
      true,
    ],
    ['unknown', null, "Waiting for the carrier's first scan", 'moving', true],
  ] as const)('%s (%s) reads "%s"', (carrierStatus, statusDetail, headline, tone, showEstimate) => {
    expect(shipmentState(delivery({ carrierStatus, statusDetail }), 'shipped')).toMatchObject({
      headline,
      tone,
      showEstimate,
    });
  });

  it('shows the delivery day and who signed, and no estimate once delivered', () => {
    const state = shipmentState(
      delivery({
        carrierStatus: 'delivered',
        deliveredAt: '2026-11-23T15:00:00.000Z',
        signedBy: 'J. SMITH',
      }),
      'delivered',
    );
    expect(state).toEqual({
      tone: 'delivered',
      headline: 'Delivered Nov 23, 2026',
      detail: 'Signed for by J. SMITH',
      showEstimate: false,
    });
  });

  it('believes a seller who marked the order delivered, and says what the carrier last said', () => {
    expect(shipmentState(delivery(), 'delivered')).toEqual({
      tone: 'delivered',
      headline: 'Marked delivered by the seller',
      detail: 'The carrier last said: On its way',
      showEstimate: false,
    });
  });
});
