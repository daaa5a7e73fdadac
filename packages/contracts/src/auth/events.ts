import { z } from 'zod';
import { defineEvent, defineStream } from '../messaging.js';
import { tokenLifetimeSeconds } from './tokens.js';

/**
 * Kept only as long as a token lives: a revocation older than that concerns tokens that have
 * expired anyway, so every service can replay the whole stream at start-up.
 */
export const authStream = defineStream({
  name: 'AUTH',
  subjects: ['auth.user.>'],
  maxAgeSeconds: tokenLifetimeSeconds,
});

/**
 * Every token of the user issued before `notBeforeMs` (epoch milliseconds, compared with the
 * token's `iatMs`) is ended (password change or reset).
 */
export const userTokensRevoked = defineEvent({
  subject: 'auth.user.tokens-revoked',
  stream: authStream,
  payload: z.union([
    z.object({ userId: z.string().min(1), notBeforeMs: z.number().int().positive() }),
    // Published before cut-offs had milliseconds (epoch seconds); the stream keeps a revocation
    // one token lifetime, so this shape can be dropped 12 hours after every svc-auth publishes the
    // one above.
    z.object({ userId: z.string().min(1), notBefore: z.number().int().positive() }),
  ]),
});

/** A seller chose another time zone: svc-analytics recounts their days in it. */
export const sellerTimeZoneChanged = defineEvent({
  subject: 'auth.user.time-zone-changed',
  stream: authStream,
  payload: z.object({ accountId: z.string().min(1), timeZone: z.string().min(1) }),
});
