import { describe, expect, it } from 'vitest';
import { formatDate, statusLabel, statusTone } from './order-status.js';

describe('order status display', () => {
  it('colours the six known statuses, cancelled included, and any other neutrally', () => {
    for (const status of [
      'pending',
      'processing',
      'shipped',
      'partially_shipped',
      'delivered',
      'cancelled',
    ]) {
      expect(statusTone(status)).toBe(status);
    }
    expect(statusTone('on_hold')).toBe('other');
  });

  it('reads a status as words', () => {
    expect(statusLabel('partially_shipped')).toBe('Partially shipped');
  });

  it('writes dates in the en-US format, and nothing for a missing one', () => {
    expect(formatDate('2026-12-25T12:00:00Z')).toBe('12/25/2026');
    expect(formatDate(null)).toBe('');
  });
});
