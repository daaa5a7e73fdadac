import { describe, expect, it } from 'vitest';
import type { AppliedRule } from '../domain/keyword-rules.js';
import { nextStatusOf, type StoredStatus } from './tracking-entry-status.js';

const now = new Date('2026-11-20T10:00:00Z');
const earlier = new Date('2026-11-01T09:00:00Z');
const stored = (overrides: Partial<StoredStatus> = {}): StoredStatus => ({
  status: 'pending',
  shippedAt: null,
  statusRule: null,
  ...overrides,
});
const applied = (action: AppliedRule['action'], id = 'r1', keyword = 'tee'): AppliedRule => ({
  id,
  keyword,
  action,
  explanation: `rule '${keyword}' matched`,
});
const shippingRule = { status: 'shipped', appliedRules: [applied('mark_as_shipped')] };

describe('nextStatusOf', () => {
  it('gives a new order the stated status, else pending', () => {
    expect(nextStatusOf(null, { source: 'file', status: 'processing', now })).toEqual({
      status: 'processing',
      shippedAt: null,
      statusRule: null,
      notApplied: null,
    });
    expect(nextStatusOf(null, { source: 'file', status: null, now }).status).toBe('pending');
  });

  it('never moves an order back, and says which status was refused', () => {
    const shipped = stored({ status: 'shipped', shippedAt: earlier });
    expect(nextStatusOf(shipped, { source: 'file', status: 'pending', now })).toMatchObject({
      status: 'shipped',
      shippedAt: earlier,
      notApplied: 'pending',
    });
    const delivered = stored({ status: 'delivered' });
    expect(nextStatusOf(delivered, { source: 'storeFront', status: 'shipped', now })).toMatchObject(
      { status: 'delivered', notApplied: 'shipped' },
    );
    // Cancelled is off the scale: it may be set after shipping, and left for any status.
    expect(nextStatusOf(shipped, { source: 'storeFront', status: 'cancelled', now }).status).toBe(
      'cancelled',
    );
    expect(
      nextStatusOf(stored({ status: 'cancelled' }), { source: 'file', status: 'pending', now })
        .status,
    ).toBe('pending');
  });

  it('keeps the stored status when the source states none', () => {
    expect(
      nextStatusOf(stored({ status: 'partially_shipped' }), { source: 'file', status: null, now }),
    ).toMatchObject({ status: 'partially_shipped', notApplied: null });
  });

  it('lets a rule move only an open order, and records the rule', () => {
    expect(
      nextStatusOf(null, { source: 'file', status: 'pending', rules: shippingRule, now }),
    ).toEqual({
      status: 'shipped',
      shippedAt: now,
      statusRule: { id: 'r1', keyword: 'tee' },
      notApplied: null,
    });
    expect(
      nextStatusOf(stored({ status: 'partially_shipped' }), {
        source: 'rules',
        status: null,
        rules: shippingRule,
        now,
      }),
    ).toMatchObject({ status: 'partially_shipped', statusRule: null });
  });

  it('names the rule whose status won, not the first rule that matched', () => {
    const rules = {
      status: 'pending',
      appliedRules: [
        applied('add_message', 'm'),
        applied('mark_as_shipped', 's'),
        applied('awaiting_stock', 'a', 'hoodie'),
      ],
    };
    expect(
      nextStatusOf(null, { source: 'storeFront', status: 'pending', rules, now }).statusRule,
    ).toEqual({ id: 'a', keyword: 'hoodie' });
  });

  it('treats a rule-set shipped status as not shipped by the seller', () => {
    const ruleShipped = stored({
      status: 'shipped',
      shippedAt: earlier,
      statusRule: { id: 'r1', keyword: 'tee' },
    });
    // A file saying pending is applied (no "already shipped"), and the rule's date goes with it.
    expect(nextStatusOf(ruleShipped, { source: 'file', status: 'pending', now })).toEqual({
      status: 'pending',
      shippedAt: null,
      statusRule: null,
      notApplied: null,
    });
    // The seller shipping it for real takes the status over with their own date.
    expect(
      nextStatusOf(ruleShipped, { source: 'seller', status: 'shipped', shippedAt: now, now }),
    ).toEqual({ status: 'shipped', shippedAt: now, statusRule: null, notApplied: null });
    // The same rule again keeps status, rule and date.
    expect(
      nextStatusOf(ruleShipped, { source: 'file', status: 'pending', rules: shippingRule, now }),
    ).toEqual({
      status: 'shipped',
      shippedAt: earlier,
      statusRule: { id: 'r1', keyword: 'tee' },
      notApplied: null,
    });
    // A store-front reporting it shipped without a date: shipped now, no longer the rule's.
    expect(
      nextStatusOf(ruleShipped, { source: 'storeFront', status: 'shipped', now }),
    ).toMatchObject({ status: 'shipped', shippedAt: now, statusRule: null });
  });

  it('dates a shipment: the source, else the stored date, else now for live sources only', () => {
    expect(
      nextStatusOf(null, { source: 'file', status: 'shipped', shippedAt: earlier, now }).shippedAt,
    ).toEqual(earlier);
    expect(nextStatusOf(null, { source: 'file', status: 'shipped', now }).shippedAt).toBeNull();
    expect(nextStatusOf(null, { source: 'storeFront', status: 'shipped', now }).shippedAt).toEqual(
      now,
    );
    expect(
      nextStatusOf(stored({ status: 'shipped', shippedAt: earlier }), {
        source: 'storeFront',
        status: 'shipped',
        now,
      }).shippedAt,
    ).toEqual(earlier);
  });
});
