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

function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/** A JSON body; an empty body reads as undefined. */
export async function readJson(ctx: Context): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes) throw new BodyError(413, 'The body is larger than 1 MB');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  if (!isJsonType(ctx.get('content-type'))) {
    throw new BodyError(415, 'Send JSON with Content-Type: application/json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, 'The body is not valid JSON');
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
