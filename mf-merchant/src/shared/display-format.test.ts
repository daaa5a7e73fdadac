import { describe, expect, it } from 'vitest';
import { canShip, categoryList, customerOf, statusLabel, statusTone } from './display-format.js';

describe('display formats', () => {
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

  it('shows category lists as one line', () => {
    expect(categoryList('["Tees","Gifts"]')).toBe('Tees, Gifts');
    expect(categoryList('Tees')).toBe('Tees');
  });
});
