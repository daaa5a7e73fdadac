import { readJsonBody } from '@onvelope/sim-kit';
import { type Context } from 'koa';

/** A JSON body; an empty body reads as undefined. */
export function readJson(ctx: Context): Promise<unknown> {
  return readJsonBody(ctx, 'Send JSON with Content-Type: application/json');
}
