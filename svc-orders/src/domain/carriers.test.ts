import { describe, expect, it } from 'vitest';
import {
  detectCarrier,
  isVagueCourier,
  normaliseCourier,
  resolveShipment,
  trackingUrlFor,
} from './carriers.js';

describe('detectCarrier', () => {
  it.each([
    ['AB123456789GB', 'Royal Mail'],
    ['tt 1234 5678 5gb', 'Royal Mail'],
    ['1Z999AA10123456784', 'UPS'],
    ['1z 999 aa1 01 2345 6784', 'UPS'],
    ['9400111899223856928499', 'USPS'],
    ['9205590175547700000001', 'USPS'],
    ['EA123456789US', 'USPS'],
    ['JJD000390007784431', 'DHL'],
    ['GM2951173225174494', 'DHL'],
    ['1234567890', 'DHL'],
    ['H01HYA0012345678', 'Evri'],
    ['T00AB12345678901', 'Evri'],
    ['PB1234567', 'Parcelforce'],
    ['PBTM8237461001', 'Parcelforce'],
    ['15501234567890', 'DPD'],
    ['123456789012', 'FedEx'],
    ['012345678901234', 'FedEx'],
    ['9612019012345678901234', 'FedEx'],
  ])('recognises %s as %s', (trackingNumber, carrier) => {
    expect(detectCarrier(trackingNumber)).toBe(carrier);
  });

  it('recognises nothing in numbers of no known format', () => {
    expect(detectCarrier('ABC')).toBeNull();
    expect(detectCarrier('12345')).toBeNull();
    expect(detectCarrier('')).toBeNull();
    expect(detectCarrier(null)).toBeNull();
  });
});

describe('normaliseCourier', () => {
  it.each([
    ['royal mail', 'Royal Mail'],
    ['Royal-Mail Tracked 48', 'Royal Mail'],
    ['Royal Mail 1st Class Signed', 'Royal Mail'],
    ['Special Delivery', 'Royal Mail'],
    ['dpd local', 'DPD'],
    ['DPD Next Day (UK)', 'DPD'],
    ['Hermes', 'Evri'],
    ['myHermes', 'Evri'],
    ['EVRI', 'Evri'],
    ['DHL Express', 'DHL'],
    ['ups', 'UPS'],
    ['Fed Ex', 'FedEx'],
    ['Federal Express', 'FedEx'],
    ['U.S. Postal Service', 'USPS'],
    ['Parcel Force', 'Parcelforce'],
    ['ParcelForce Worldwide', 'Parcelforce'],
  ])('reads %s as %s', (courier, carrier) => {
    expect(normaliseCourier(courier)).toBe(carrier);
  });

  it('names no carrier for text it does not know', () => {
    expect(normaliseCourier('Acme Couriers')).toBeNull();
    expect(normaliseCourier('Tracked')).toBeNull();
    expect(normaliseCourier('')).toBeNull();
  });
});

describe('isVagueCourier', () => {
  it('calls generic courier words vague and named couriers not', () => {
    expect(isVagueCourier('Other')).toBe(true);
    expect(isVagueCourier('Tracked delivery')).toBe(true);
    expect(isVagueCourier('N/A')).toBe(true);
    expect(isVagueCourier('courier')).toBe(true);
    expect(isVagueCourier('Acme Couriers')).toBe(false);
  });
});

describe('trackingUrlFor', () => {
  it('builds each carrier’s public tracking page for the number without spaces', () => {
    expect(trackingUrlFor('Royal Mail', 'AB 123456789 GB')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(trackingUrlFor('Parcelforce', 'PB1234567')).toBe(
      'https://www.parcelforce.com/track-trace?trackNumber=PB1234567',
    );
    expect(trackingUrlFor('DPD', '15501234567890')).toBe(
      'https://track.dpd.co.uk/parcels/15501234567890',
    );
    expect(trackingUrlFor('Evri', 'H01HYA0012345678')).toBe(
      'https://www.evri.com/track/parcel/H01HYA0012345678',
    );
    expect(trackingUrlFor('DHL', 'JJD000390007784431')).toBe(
      'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JJD000390007784431',
    );
    expect(trackingUrlFor('UPS', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrlFor('FedEx', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrlFor('USPS', '9400111899223856928499')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856928499',
    );
  });

  it('escapes characters that would break the address', () => {
    expect(trackingUrlFor('UPS', 'A&B?C')).toBe('https://www.ups.com/track?tracknum=A%26B%3FC');
  });
});

describe('resolveShipment', () => {
  it('normalises the courier name and builds the URL when the seller gives none', () => {
    expect(
      resolveShipment({ courier: 'royal mail', trackingNumber: ' AB 1234 5678 9GB ' }),
    ).toEqual({
      courier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      carrier: 'Royal Mail',
    });
  });

  it('detects the carrier from the tracking number when the courier text is vague', () => {
    expect(resolveShipment({ courier: 'Tracked', trackingNumber: '1Z999AA10123456784' })).toEqual({
      courier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      carrier: 'UPS',
    });
  });

  it('trusts a named courier over the tracking number format', () => {
    const shipment = resolveShipment({ courier: 'DPD', trackingNumber: '1234567890' });
    expect(shipment.courier).toBe('DPD');
    expect(shipment.trackingUrl).toBe('https://track.dpd.co.uk/parcels/1234567890');
  });

  it('keeps an unknown courier as written, without a URL', () => {
    expect(
      resolveShipment({ courier: ' Acme Couriers ', trackingNumber: '15501234567890' }),
    ).toEqual({
      courier: 'Acme Couriers',
      trackingNumber: '15501234567890',
      trackingUrl: null,
      carrier: null,
    });
  });

  it('keeps the seller’s tracking URL when there is one', () => {
    expect(
      resolveShipment({
        courier: 'Royal Mail',
        trackingNumber: 'AB123456789GB',
        trackingUrl: 'https://example.com/track/AB123456789GB',
      }).trackingUrl,
    ).toBe('https://example.com/track/AB123456789GB');
    expect(
      resolveShipment({ courier: 'Evri', trackingNumber: 'H01HYA0012345678', trackingUrl: '' })
        .trackingUrl,
    ).toBe('https://www.evri.com/track/parcel/H01HYA0012345678');
  });
});
