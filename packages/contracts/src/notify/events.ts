import { z } from 'zod';
import { authStream } from '../auth/events.js';
import { defineCommand, defineEvent } from '../messaging.js';

/**
 * Issue 34: the facts of a seller account that notifications need, published by svc-auth whenever
 * one of them changes (sign-up, account settings, e-mail change) and once per account on a
 * backfill. svc-notify keeps the newest of each account (`changedAt` orders them).
 * On the AUTH stream, so it is kept one token lifetime: svc-notify stores what it reads.
 */
export const sellerProfileChanged = defineEvent({
  subject: 'auth.user.profile-changed',
  stream: authStream,
  payload: z.object({
    accountId: z.string().min(1),
    /** The seller's own sign-in address ("send me a test", the default reply-to). */
    email: z.string().min(1),
    /** The store's name (spec 001 §3 Settings: business name); null when not given yet. */
    storeName: z.string().nullable(),
    website: z.string().nullable(),
    timeZone: z.string().min(1),
    changedAt: z.iso.datetime(),
  }),
});

/**
 * Issue 34: the signed tracking-page link
 * of one order (`/track?link=<token>`), which only svc-orders can sign. svc-notify asks for it
 * when a message is sent and links the Quick Track form (`/track?order=&email=`) when no one
 * answers.
 */
export const getBuyerTrackingLink = defineCommand({
  subject: 'orders.buyerTrackingLink',
  request: z.object({ accountId: z.string().min(1), entryId: z.string().min(1) }),
  response: z.object({ url: z.string() }),
});
