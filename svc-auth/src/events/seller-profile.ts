import { DEFAULT_TIME_ZONE, sellerProfileChanged } from '@onvelope/contracts';
import { publishEvent } from '@onvelope/service-kit/nats';
import { markedBacklog, startOutboxRelay, type OutboxRelay } from '@onvelope/service-kit/outbox';
import { profileChanged, type SellerDocument } from '../data/seller.model.js';
import type { AuthDeps } from '../deps.js';

/** Sellers read per query while publishing. */
const BATCH = 100;
/** How often unannounced profiles are looked for. */
const LOOK_EVERY_MS = 5_000;

/** The profile fields whose change is announced. */
export const announcedFields = [
  'email',
  'companyName',
  'displayName',
  'website',
  'timeZone',
] as const satisfies readonly (keyof SellerDocument)[];

type Announced = Pick<SellerDocument, '_id' | 'accountId' | 'profileChangedAt'> &
  Pick<SellerDocument, (typeof announcedFields)[number]>;

/**
 * Tells svc-notify (issue 34) who a seller is: their own address, the store's name, website and
 * time zone, as `auth.user.profile-changed`, however long NATS is away. A write that changes one of
 * these sets `profileChanged(now)` in the same update; this relay publishes and clears the mark
 * unless the profile changed again meanwhile. Accounts from before the event are marked once at
 * start. Several instances may publish one change: `changedAt` lets consumers keep the newest.
 */
export async function startSellerProfileRelay(
  deps: Pick<AuthDeps, 'sellers' | 'now' | 'nats' | 'log'>,
): Promise<OutboxRelay> {
  await deps.sellers.updateMany(
    { profileChangedAt: { $exists: false } },
    { $set: profileChanged(deps.now()) },
  );

  async function publishPending(signal: AbortSignal) {
    while (!signal.aborted) {
      const pending = await deps.sellers
        .find({ profileUnpublished: true }, { accountId: 1, profileChangedAt: 1, ...projection })
        .limit(BATCH)
        .lean<Announced[]>();
      for (const seller of pending) {
        const changedAt = seller.profileChangedAt ?? deps.now();
        await publishEvent(
          deps.nats,
          sellerProfileChanged,
          {
            accountId: seller.accountId,
            email: seller.email,
            storeName: seller.companyName || seller.displayName || null,
            website: seller.website || null,
            timeZone: seller.timeZone || DEFAULT_TIME_ZONE,
            changedAt: changedAt.toISOString(),
          },
          // Named apart from the revocation of the same user and instant on this stream
          // (`<userId>:<ms>`), which JetStream would otherwise drop as its duplicate.
          `profile:${seller._id}:${changedAt.getTime()}`,
        );
        await deps.sellers.updateOne(
          { _id: seller._id, profileChangedAt: seller.profileChangedAt },
          { $set: { profileUnpublished: false } },
        );
      }
      if (pending.length < BATCH) return;
    }
  }

  return startOutboxRelay({
    name: 'seller profiles',
    publishPending: ({ signal }) => publishPending(signal),
    backlog: () =>
      markedBacklog(deps.sellers.collection, { profileUnpublished: true }, 'profileChangedAt'),
    nats: deps.nats,
    log: deps.log,
    everyMs: LOOK_EVERY_MS,
  });
}

const projection = Object.fromEntries(announcedFields.map((field) => [field, 1]));
