import { type Context } from 'koa';

const limitBytes = 1024 * 1024;

/** A body that cannot be read: too large, not JSON, or not valid JSON. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** `application/json` or any `+json` type (`application/vnd.api+json`), parameters ignored. */
export function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The whole body as text; 413 above 1 MB. */
export async function readText(ctx: Context): Promise<string> {
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

/** JSON text parsed; 400 when it is not valid JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, 'The body is not valid JSON');
  }
}

/**
 * A JSON body (any JSON media type); an empty body reads as undefined. A non-empty body of another
 * type is refused with 415 and `unsupportedType`, each simulator saying which types its API takes.
 *
 * @example
 * const body = await readJsonBody(ctx, 'Send JSON with Content-Type: application/json');
 */
export async function readJsonBody(ctx: Context, unsupportedType: string): Promise<unknown> {
  const text = await readText(ctx);
  if (text.trim() === '') return undefined;
  if (!isJsonType(ctx.get('content-type'))) throw new BodyError(415, unsupportedType);
  return parseJson(text);
}
