import { describe, expect, it } from 'vitest';
import {
  canShip,
  categoryList,
  customerOf,
  formatDate,
  formatMoney,
  dateCell,
  statusLabel,
  statusTone,
} from './display-format.js';

describe('display formats', () => {
  it('writes dates the en-US way and a dash for none', () => {
    expect(formatDate('2026-01-05T12:00:00Z')).toBe('1/5/2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it('gives a date cell the date and, for its hover, the exact time', () => {
    const cell = dateCell('2026-01-05T12:00:00Z');
    expect(cell.date).toBe(formatDate('2026-01-05T12:00:00Z'));
    expect(cell.exact).toMatch(/^1\/5\/2026, \d{1,2}:00:00 [AP]M$/);
    expect(dateCell(null)).toEqual({ date: '—' });
  });

  it('names statuses in words and gives unknown ones a neutral tone', () => {
    expect(statusLabel('partially_shipped')).toBe('Partially shipped');
    expect(statusTone('delivered')).toBe('delivered');
    expect(statusTone('on_hold')).toBe('other');
  });

  it('offers SHIP for every status except shipped and delivered, unless a rule set it', () => {
    const statuses = ['pending', 'processing', 'partially_shipped', 'cancelled'];
    expect(statuses.every((status) => canShip({ status }))).toBe(true);
    expect(canShip({ status: 'shipped' })).toBe(false);
    expect(canShip({ status: 'delivered', statusRule: null })).toBe(false);
    expect(canShip({ status: 'shipped', statusRule: { id: 'r1', keyword: 'gift' } })).toBe(true);
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
