import { isJsonType, parseJson, readJsonBody, readText } from '@onvelope/sim-kit';
import { type Context } from 'koa';

/** A JSON body (any JSON media type); an empty body reads as undefined. */
export function readJson(ctx: Context): Promise<unknown> {
  return readJsonBody(ctx, 'Send JSON: Content-Type application/vnd.api+json or application/json');
}

/** A form or JSON body flattened to strings, as an OAuth endpoint reads it. */
export async function readParams(ctx: Context): Promise<Record<string, string>> {
  const text = await readText(ctx);
  if (isJsonType(ctx.get('content-type'))) {
    const parsed = parseJson(text || '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).flatMap(([key, value]) =>
        typeof value === 'string' || typeof value === 'number' ? [[key, String(value)]] : [],
      ),
    );
  }
  return Object.fromEntries(new URLSearchParams(text));
}
