import { describe, expect, it } from 'vitest';
import { detectCarrier, normaliseCarrier, normaliseTrackingCode } from './carriers.js';

describe('carrier detection', () => {
  it.each([
    ['EZ4000000004', 'USPS'],
    ['9400111899223197428490', 'USPS'],
    ['9205590164917312751089', 'USPS'],
    ['LZ123456789US', 'USPS'],
    ['1Z999AA10123456784', 'UPS'],
    ['123456789012', 'FedEx'],
    ['961234567890123456789012', undefined],
    ['9612345678901234567890', 'FedEx'],
    ['1234567890', 'DHLExpress'],
    ['RR123456785GB', 'RoyalMail'],
    ['1234567890123456', 'CanadaPost'],
    ['CP123456789CA', 'CanadaPost'],
    ['AB123456789AU', 'AustraliaPost'],
    ['HELLO', undefined],
  ])('detects the carrier of %s as %s', (code, carrier) => {
    expect(detectCarrier(code)).toBe(carrier);
  });

  it('reads codes as carriers print them: spaces and case do not matter', () => {
    expect(normaliseTrackingCode(' 1z 999aa1 0123456784 ')).toBe('1Z999AA10123456784');
    expect(detectCarrier('1z999aa10123456784')).toBe('UPS');
  });

  it('spells a named carrier as EasyPost does, and keeps a name it does not know', () => {
    expect(normaliseCarrier('fedex')).toBe('FedEx');
    expect(normaliseCarrier('usps')).toBe('USPS');
    expect(normaliseCarrier('DHL')).toBe('DHLExpress');
    expect(normaliseCarrier(' OnTrac ')).toBe('OnTrac');
  });
});
