import { isRecord } from '@onvelope/sim-kit';
import { apiError } from './errors.js';

/** `{ data: { type, id?, attributes } }`, or 409 as Big Cartel answers a body of the wrong shape. */
export function readResourceBody(
  body: unknown,
  type: string,
  id: string | undefined,
): Record<string, unknown> {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data)) throw apiError(409, 'invalid_document', 'The body must be {"data": {...}}');
  if (data.type !== type) {
    throw apiError(409, 'invalid_type', `data.type must be "${type}"`, { pointer: '/data/type' });
  }
  if (id !== undefined && data.id !== undefined && String(data.id) !== id) {
    throw apiError(409, 'id_mismatch', `data.id must be "${id}"`, { pointer: '/data/id' });
  }
  const attributes = data.attributes ?? {};
  if (!isRecord(attributes)) {
    throw apiError(409, 'invalid_document', 'data.attributes must be an object', {
      pointer: '/data/attributes',
    });
  }
  return attributes;
}
