import {
  DEFAULT_TIME_ZONE,
  getSellerPublicProfile,
  getSellerTimeZone,
  isTimeZone,
  type PayloadOf,
  type sellerProfileChanged,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import type { SellerModel } from '../data/seller.model.js';

export interface SellerFacts {
  storeName: string;
  timeZone: string;
  /** The seller's own address; null until svc-auth has published it. */
  email: string | null;
}

export interface SellerFactsDeps {
  sellers: SellerModel;
  nats: NatsConnection;
  log: Logger;
  askTimeoutMs: number;
  now: () => Date;
}

/** What was asked of svc-auth is asked again after this (a renamed store shows within the hour). */
const ASKED_FACTS_KEPT_MS = 60 * 60_000;

/** The store's name when nobody ever said it. */
export const UNNAMED_STORE = 'Your order';

export function sellerFactsReader(deps: SellerFactsDeps) {
  const { sellers, nats, log, askTimeoutMs, now } = deps;

  /** Asks svc-auth for the facts no event brought; keeps what it says. Never throws. */
  async function askAuth(accountId: string) {
    const [profile, zone] = await Promise.allSettled([
      requestCommand(nats, getSellerPublicProfile, { accountId }, askTimeoutMs),
      requestCommand(nats, getSellerTimeZone, { accountId }, askTimeoutMs),
    ]);
    const set: Record<string, unknown> = { updatedAt: now() };
    if (profile.status === 'fulfilled') set.storeName = profile.value.name;
    if (zone.status === 'fulfilled') set.timeZone = zone.value.timeZone;
    if (profile.status === 'rejected' && zone.status === 'rejected') {
      log.warn({ accountId, err: profile.reason }, 'svc-auth did not say who the seller is');
      return;
    }
    await sellers
      .updateOne(
        { _id: accountId, profileChangedAt: null },
        { $set: set, $setOnInsert: { accountId, email: null } },
        { upsert: true },
      )
      .catch(() => undefined);
  }

  return {
    async factsOf(accountId: string): Promise<SellerFacts> {
      let known = await sellers.findById(accountId).lean();
      const stale =
        !known ||
        (known.profileChangedAt === null &&
          (known.storeName === null ||
            known.timeZone === null ||
            now().getTime() - known.updatedAt.getTime() > ASKED_FACTS_KEPT_MS));
      if (stale) {
        await askAuth(accountId);
        known = await sellers.findById(accountId).lean();
      }
      const timeZone = known?.timeZone && isTimeZone(known.timeZone) ? known.timeZone : null;
      return {
        storeName: known?.storeName?.trim() || UNNAMED_STORE,
        timeZone: timeZone ?? DEFAULT_TIME_ZONE,
        email: known?.email ?? null,
      };
    },

    /**
     * The seller's own account address as svc-auth last published it, or null: no question is
     * asked (no command of svc-auth answers it; `sellerProfileChanged` brings it).
     */
    async addressOf(accountId: string): Promise<string | null> {
      const known = await sellers.findById(accountId, { email: 1 }).lean();
      return known?.email ?? null;
    },

    /** svc-auth's profile event: newer than what is kept wins. */
    async profileChanged(payload: PayloadOf<typeof sellerProfileChanged>) {
      const changedAt = new Date(payload.changedAt);
      const set = {
        accountId: payload.accountId,
        email: payload.email.toLowerCase(),
        storeName: payload.storeName,
        timeZone: payload.timeZone,
        profileChangedAt: changedAt,
        updatedAt: now(),
      };
      const updated = await sellers.updateOne(
        {
          _id: payload.accountId,
          $or: [{ profileChangedAt: null }, { profileChangedAt: { $lt: changedAt } }],
        },
        { $set: set },
      );
      if (updated.matchedCount === 0) {
        await sellers.create({ _id: payload.accountId, ...set }).catch((error: unknown) => {
          // Already there with a newer profile: nothing to do.
          if ((error as { code?: number }).code !== 11000) throw error;
        });
      }
    },

    async timeZoneChanged(payload: { accountId: string; timeZone: string }) {
      await sellers.updateOne(
        { _id: payload.accountId },
        {
          $set: { timeZone: payload.timeZone, updatedAt: now() },
          $setOnInsert: { accountId: payload.accountId, email: null, storeName: null },
        },
        { upsert: true },
      );
    },
  };
}

export type SellerFactsReader = ReturnType<typeof sellerFactsReader>;
