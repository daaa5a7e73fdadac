import { describe, expect, it } from 'vitest';
import { webhookEventJsonSchema } from './webhook-event-json-schema.js';
import { webhookEventTypes, webhookTestEventType } from './webhooks.js';

describe('webhookEventJsonSchema', () => {
  it('describes the whole body of each event, its type fixed, with no per-schema dialect', () => {
    for (const type of [...webhookEventTypes, webhookTestEventType] as const) {
      const schema = webhookEventJsonSchema(type);
      expect(schema).not.toHaveProperty('$schema');
      expect(schema).toMatchObject({
        type: 'object',
        required: ['type', 'eventVersion', 'timestamp', 'data'],
        properties: {
          type: { type: 'string', const: type },
          eventVersion: { type: 'number', const: 1 },
          timestamp: { type: 'string', format: 'date-time' },
        },
      });
    }
  });

  it("describes an order event's order as the data it carries", () => {
    expect(webhookEventJsonSchema('order.shipped')).toMatchObject({
      properties: {
        data: {
          properties: {
            order: { required: expect.arrayContaining(['id', 'orderNumber', 'status']) },
          },
        },
      },
    });
  });
});
