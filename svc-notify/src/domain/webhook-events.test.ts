import { describe, expect, it } from 'vitest';
import { webhookEventPayload } from '@onvelope/contracts';
import { pendingEntryChange } from '@onvelope/testkit';
import { buyerQueryReplyEventOf, eventIdOf, orderEventsOf } from './webhook-events.js';

const typesOf = (events: { type: string }[]) => events.map((event) => event.type);

describe('orderEventsOf', () => {
  it('makes order.created of a first version and order.updated of a later one', () => {
    const change = pendingEntryChange({ orderNumber: '1001' });
    expect(typesOf(orderEventsOf('a', change))).toEqual(['order.created']);
    expect(typesOf(orderEventsOf('a', { ...change, version: 4 }))).toEqual(['order.updated']);
  });

  it('adds shipped, delivered and a problem, each once per order (one id whatever the version)', () => {
    const shipped = pendingEntryChange({ orderNumber: '1', status: 'shipped', version: 2 });
    const [, first] = orderEventsOf('a', shipped);
    const [, again] = orderEventsOf('a', { ...shipped, version: 3 });
    expect(first?.type).toBe('order.shipped');
    expect(again?.eventId).toBe(first?.eventId);

    const delivered = { ...shipped, status: 'delivered', version: 5 };
    expect(typesOf(orderEventsOf('a', delivered))).toEqual(['order.updated', 'order.delivered']);

    const failed = { ...shipped, carrierStatus: 'failure' as const, version: 6 };
    const problem = orderEventsOf('a', failed).find(
      (event) => event.type === 'order.delivery_problem',
    );
    const parsed = webhookEventPayload('order.delivery_problem').parse(JSON.parse(problem!.body));
    expect(parsed.data.problem).toBe('failed_attempt');
    expect(parsed.data.order.carrierStatus).toBe('failure');
  });

  it('gives every body the versioned envelope the contracts describe', () => {
    const change = pendingEntryChange({ orderNumber: '1001', customerEmail: 'ann@example.com' });
    const [created] = orderEventsOf('a', change);
    const body = webhookEventPayload('order.created').parse(JSON.parse(created!.body));
    expect(body).toMatchObject({
      type: 'order.created',
      eventVersion: 1,
      timestamp: change.changedAt,
    });
    expect(body.data.order).toMatchObject({
      id: change.entryId,
      items: [],
      customerEmail: 'ann@example.com',
    });
  });

  it('keeps ids apart between accounts and facts', () => {
    expect(eventIdOf('a', 'order.created:1')).not.toBe(eventIdOf('b', 'order.created:1'));
    expect(eventIdOf('a', 'order.created:1')).toMatch(/^msg_[A-Za-z0-9_-]{32}$/);
  });
});

describe('buyerQueryReplyEventOf', () => {
  it('carries the reply and the address the buyer wrote from', () => {
    const event = buyerQueryReplyEventOf(
      'a',
      {
        kind: 'query_reply',
        queryId: 'q',
        replyId: 'r',
        entryId: 'e',
        orderNumber: '1001',
        customerName: 'Ann',
        subject: 'Where?',
        message: 'Hi',
        reply: 'Monday',
      },
      'ann@example.com',
      '2026-11-28T10:00:00.000Z',
    );
    const body = webhookEventPayload('buyer_query.replied').parse(JSON.parse(event.body));
    expect(body.data).toEqual({
      query: {
        id: 'q',
        entryId: 'e',
        orderNumber: '1001',
        customerName: 'Ann',
        customerEmail: 'ann@example.com',
        subject: 'Where?',
        message: 'Hi',
      },
      reply: { id: 'r', message: 'Monday' },
    });
  });
});
