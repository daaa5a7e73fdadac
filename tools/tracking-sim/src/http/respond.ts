import { type Context } from 'koa';
import { toEasyPostJson } from './easypost-json.js';

/** Answers with JSON written as EasyPost writes it (whole weights as `16.0`). */
export function respond(ctx: Context, status: number, value: unknown): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = toEasyPostJson(value);
}
