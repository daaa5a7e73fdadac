import { describe, expect, it } from 'vitest';
import {
  readTrackingLink,
  signTrackingLink,
  trackingLinkIsGenuine,
  trackingPageUrl,
} from './tracking-link.js';

const claims = { accountId: 'acct-1', entryId: '65f0c2a9e13b4d7aa1234567' };

describe('signed tracking links', () => {
  it('reads back the seller and order a link was signed for', () => {
    const read = readTrackingLink(signTrackingLink('secret', claims));
    expect(read).toMatchObject(claims);
    expect(read && trackingLinkIsGenuine('secret', read)).toBe(true);
  });

  it('refuses a link signed with another secret (the seller regenerated it)', () => {
    const read = readTrackingLink(signTrackingLink('old secret', claims));
    expect(read && trackingLinkIsGenuine('new secret', read)).toBe(false);
  });

  it('refuses a link whose order or seller was changed', () => {
    const [account, , signature] = signTrackingLink('secret', claims).split('.');
    const otherOrder = readTrackingLink(`${account}.65f0c2a9e13b4d7aa7654321.${signature}`);
    expect(otherOrder && trackingLinkIsGenuine('secret', otherOrder)).toBe(false);
    const otherSeller = readTrackingLink(
      `${Buffer.from('acct-2').toString('base64url')}.${claims.entryId}.${signature}`,
    );
    expect(otherSeller && trackingLinkIsGenuine('secret', otherSeller)).toBe(false);
  });

  it('does not read text that is not a token', () => {
    expect(readTrackingLink('nonsense')).toBeNull();
    expect(readTrackingLink('a.b.c')).toBeNull();
    expect(readTrackingLink('..')).toBeNull();
  });

  it('builds the tracking page address on the public site', () => {
    expect(trackingPageUrl('https://onvelope.example/', 'a.b-c_d.e')).toBe(
      'https://onvelope.example/track?link=a.b-c_d.e',
    );
  });
});
