import { z } from 'zod';
import { webhookEventPayload, type webhookEventData } from './webhooks.js';

/**
 * The JSON Schema (draft 2020-12) of a delivery's whole body, as svc-notify sends it: what the
 * settings' event catalogue (`GET /api/notify/webhooks/event-types`) and the gateway's OpenAPI
 * `webhooks` both show, from one place. Without `$schema`: OpenAPI 3.1 and the catalogue name the
 * dialect once, not per schema.
 *
 * @example
 * webhookEventJsonSchema('order.shipped').properties.type // { type: 'string', const: 'order.shipped' }
 */
export function webhookEventJsonSchema(
  type: keyof typeof webhookEventData,
): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(webhookEventPayload(type), {
    io: 'output',
    target: 'draft-2020-12',
  });
  return schema;
}
