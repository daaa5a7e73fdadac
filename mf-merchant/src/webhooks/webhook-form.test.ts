import { describe, expect, it } from 'vitest';
import { ApiError } from '@onvelope/ui';
import { deliveryRowOf, toggleEvent, urlErrorOf } from './webhook-form.js';

describe('webhook form', () => {
  it('keeps picked events in the settings order', () => {
    const picked = toggleEvent(toggleEvent([], 'order.shipped'), 'order.created');
    expect(picked).toEqual(['order.created', 'order.shipped']);
    expect(toggleEvent(picked, 'order.created')).toEqual(['order.shipped']);
  });

  it('reads the server’s refusal of the URL', () => {
    const refused = new ApiError(400, 'Validation failed', [
      {
        path: 'body.url',
        message: '127.0.0.1 is a loopback address, which webhooks may not reach',
      },
    ]);
    expect(urlErrorOf(refused)).toMatch(/loopback/);
    expect(urlErrorOf(new Error('x'))).toBeUndefined();
  });

  it('shows a delivery by its latest try', () => {
    const row = deliveryRowOf({
      id: 'd',
      eventId: 'msg_1',
      eventType: 'order.created',
      state: 'pending',
      reason: null,
      attempts: 2,
      nextAttemptAt: '2026-11-28T10:00:00.000Z',
      createdAt: '2026-11-28T09:00:00.000Z',
      attemptLog: [
        {
          at: '2026-11-28T09:30:00.000Z',
          statusCode: 500,
          latencyMs: 12,
          bodyExcerpt: 'down',
          error: 'Answered 500',
        },
      ],
    });
    expect(row).toMatchObject({
      state: 'Retrying',
      statusCode: '500',
      latency: '12 ms',
      detail: 'Answered 500',
    });
  });
});
