import { describe, expect, it } from 'vitest';
import { trackingEntryStatuses } from '@onvelope/contracts';
import { isTrackingStatus, statusLabel, statusTone } from './tracking-status.js';

describe('statusLabel', () => {
  it('names a status in words', () => {
    expect(statusLabel('partially_shipped')).toBe('Partially shipped');
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('on_hold')).toBe('On hold');
    expect(statusLabel('')).toBe('');
  });
});

describe('statusTone', () => {
  it("gives every status of the contracts' list its own tone", () => {
    expect(trackingEntryStatuses.map(statusTone)).toEqual([...trackingEntryStatuses]);
    expect(trackingEntryStatuses.every(isTrackingStatus)).toBe(true);
  });

  it('gives any other value the neutral tone', () => {
    expect(statusTone('on_hold')).toBe('other');
    expect(statusTone('Shipped')).toBe('other');
    expect(isTrackingStatus('refunded')).toBe(false);
  });
});
