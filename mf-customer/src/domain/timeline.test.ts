import { describe, expect, it } from 'vitest';
import { buildTimeline, type TimelineOrder } from './timeline.js';

const order: TimelineOrder = {
  status: 'pending',
  orderDate: '2026-03-01T10:00:00Z',
  createdAt: '2026-03-02T10:00:00Z',
  shippedAt: null,
  updatedAt: '2026-03-05T10:00:00Z',
};

const states = (steps: ReturnType<typeof buildTimeline>) =>
  steps.map((step) => `${step.label}:${step.state}`);

describe('buildTimeline', () => {
  it('starts a pending order at Order placed, dated by its order date', () => {
    const steps = buildTimeline(order);
    expect(states(steps)).toEqual([
      'Order placed:current',
      'Processing:upcoming',
      'Shipped:upcoming',
      'Delivered:upcoming',
    ]);
    expect(steps[0]!.date).toBe('Mar 1, 2026');
  });

  it('dates Order placed by when the order was recorded when it has no order date', () => {
    expect(buildTimeline({ ...order, orderDate: null })[0]!.date).toBe('Mar 2, 2026');
  });

  it('marks the steps before a shipped order done and dates Shipped by the shipped date', () => {
    const steps = buildTimeline({ ...order, status: 'shipped', shippedAt: '2026-03-04T09:00:00Z' });
    expect(states(steps)).toEqual([
      'Order placed:done',
      'Processing:done',
      'Shipped:current',
      'Delivered:upcoming',
    ]);
    expect(steps[2]!.date).toBe('Mar 4, 2026');
  });

  it('names a partly shipped order Partially shipped at the shipping step', () => {
    const steps = buildTimeline({ ...order, status: 'partially_shipped' });
    expect(steps[2]).toMatchObject({ label: 'Partially shipped', state: 'current' });
  });

  it('completes every step of a delivered order, the last dated by its last update', () => {
    const steps = buildTimeline({
      ...order,
      status: 'delivered',
      shippedAt: '2026-03-04T09:00:00Z',
    });
    expect(steps.map((step) => step.state)).toEqual(['done', 'done', 'done', 'current']);
    expect(steps[3]!.date).toBe('Mar 5, 2026');
  });

  it('ends a cancelled order at Cancelled, after Order placed', () => {
    expect(states(buildTimeline({ ...order, status: 'cancelled' }))).toEqual([
      'Order placed:done',
      'Cancelled:current',
    ]);
  });

  it('shows a status outside the usual path as its own step', () => {
    expect(states(buildTimeline({ ...order, status: 'on_hold' }))).toEqual([
      'Order placed:done',
      'On hold:current',
    ]);
  });
});
