import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Whom a Connect link was made for. */
export interface StateSubject {
  accountId: string;
  userId: string;
}

const statePayload = z.object({
  a: z.string().min(1),
  u: z.string().min(1),
  e: z.number().int(),
  n: z.string().min(1),
});

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * The OAuth `state` of a Connect link: the seller's account and user, an expiry and a nonce,
 * signed with HMAC-SHA256, so the callback (a public route: the browser comes back from the
 * store-front without our bearer token) knows whose store it is and that we made the link.
 *
 * @example
 * const state = signState(secret, { accountId: 'a1', userId: 'u1' }, Date.now() + 600_000);
 */
export function signState(secret: string, subject: StateSubject, expiresAt: number): string {
  const payload = Buffer.from(
    JSON.stringify({
      a: subject.accountId,
      u: subject.userId,
      e: expiresAt,
      n: randomBytes(12).toString('base64url'),
    }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export type StateCheck =
  { ok: true; subject: StateSubject } | { ok: false; reason: 'forged' | 'expired' };

/** Checks a returned state: signed by us (constant-time compare) and not expired. */
export function verifyState(secret: string, state: string | undefined, now: number): StateCheck {
  const [payload, signature, extra] = (state ?? '').split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'forged' };
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'forged' };
  }
  let parsed: z.infer<typeof statePayload>;
  try {
    parsed = statePayload.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (parsed.e <= now) return { ok: false, reason: 'expired' };
  return { ok: true, subject: { accountId: parsed.a, userId: parsed.u } };
}
