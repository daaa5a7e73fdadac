import { describe, expect, it } from 'vitest';
import {
  canShip,
  categoryList,
  customerOf,
  formatDate,
  formatMoney,
  relativeTime,
  statusLabel,
  statusTone,
} from './display-format.js';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('display formats', () => {
  it('writes dates the en-US way and a dash for none', () => {
    expect(formatDate('2026-01-05T12:00:00Z')).toBe('1/5/2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it("says 'Just now', then minutes, hours and days, then the date", () => {
    expect(relativeTime(ago(20_000), now)).toBe('Just now');
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(relativeTime(ago(2 * 86_400_000), now)).toBe('2 days ago');
    expect(relativeTime('2026-01-05T12:00:00Z', now)).toBe('1/5/2026');
  });

  it('names statuses in words and gives unknown ones a neutral tone', () => {
    expect(statusLabel('partially_shipped')).toBe('Partially shipped');
    expect(statusTone('delivered')).toBe('delivered');
    expect(statusTone('on_hold')).toBe('other');
  });

  it('offers SHIP for every status except shipped and delivered', () => {
    expect(['pending', 'processing', 'partially_shipped', 'cancelled'].every(canShip)).toBe(true);
    expect(canShip('shipped')).toBe(false);
    expect(canShip('delivered')).toBe(false);
  });

  it('joins the customer name, falling back to the stored full name', () => {
    expect(customerOf({ firstName: 'Ann', lastName: 'Lee', customerName: null })).toBe('Ann Lee');
    expect(customerOf({ firstName: null, lastName: null, customerName: 'Bo B' })).toBe('Bo B');
    expect(customerOf({ firstName: null, lastName: null, customerName: null })).toBe('—');
  });

  it('shows money in pounds and category lists as one line', () => {
    expect(formatMoney(12.5)).toBe('£12.50');
    expect(formatMoney(null)).toBe('—');
    expect(categoryList('["Tees","Gifts"]')).toBe('Tees, Gifts');
    expect(categoryList('Tees')).toBe('Tees');
  });
});
