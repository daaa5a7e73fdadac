import { type Context } from 'koa';

const limitBytes = 1024 * 1024;

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

async function readText(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes) throw new BodyError(413, 'The body is larger than 1 MB');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON body (any JSON media type); an empty body reads as undefined. */
export async function readJson(ctx: Context): Promise<unknown> {
  const text = await readText(ctx);
  if (text.trim() === '') return undefined;
  if (!isJsonType(ctx.get('content-type'))) {
    throw new BodyError(
      415,
      'Send JSON: Content-Type application/vnd.api+json or application/json',
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, 'The body is not valid JSON');
  }
}

/** A form or JSON body flattened to strings, as an OAuth endpoint reads it. */
export async function readParams(ctx: Context): Promise<Record<string, string>> {
  const text = await readText(ctx);
  if (isJsonType(ctx.get('content-type'))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text || '{}');
    } catch {
      throw new BodyError(400, 'The body is not valid JSON');
    }
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).flatMap(([key, value]) =>
        typeof value === 'string' || typeof value === 'number' ? [[key, String(value)]] : [],
      ),
    );
  }
  return Object.fromEntries(new URLSearchParams(text));
}
