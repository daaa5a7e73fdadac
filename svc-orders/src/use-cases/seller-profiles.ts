import { getSellerCountry, getSellerPublicProfile, getSellerTimeZone } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import type { Merchant } from '../domain/buyer-order.js';

/** What asking svc-auth of a seller takes (the buyer side's `BuyerDeps` has it). */
interface ProfileDeps {
  nats: NatsConnection;
  log: Logger;
  settings: { authTimeoutMs: number };
}

/**
 * The seller's public name and website, asked of svc-auth each time (a renamed shop shows its new
 * name at once). When svc-auth does not answer, the order is still shown, without them: null.
 */
export async function merchantOf(deps: ProfileDeps, accountId: string): Promise<Merchant> {
  try {
    return await requestCommand(
      deps.nats,
      getSellerPublicProfile,
      { accountId },
      deps.settings.authTimeoutMs,
    );
  } catch (error) {
    deps.log.warn({ err: error, accountId }, 'seller profile unavailable; answering without it');
    return null;
  }
}

/** The sellers of several orders, each asked once and all at the same time. */
export async function merchantsOf(
  deps: ProfileDeps,
  accountIds: string[],
): Promise<Map<string, Merchant>> {
  const unique = [...new Set(accountIds)];
  const merchants = await Promise.all(unique.map((accountId) => merchantOf(deps, accountId)));
  return new Map(unique.map((accountId, index) => [accountId, merchants[index] ?? null]));
}

interface AskDeps {
  nats: NatsConnection;
  log: Logger;
  timeoutMs: number;
}

/**
 * One of the seller's account settings, asked of svc-auth, or null when svc-auth does not answer in
 * time (logged with what the caller does without it).
 */
async function settingOf<T>(
  deps: AskDeps,
  ask: () => Promise<T>,
  accountId: string,
  without: string,
): Promise<T | null> {
  try {
    return await ask();
  } catch (error) {
    deps.log.warn({ err: error, accountId }, without);
    return null;
  }
}

/**
 * The country of the seller's account settings (for reading a file's ambiguous dates), or null
 * when they set none or svc-auth does not answer in time: the file is then read month first.
 */
export async function sellerCountryOf(deps: AskDeps, accountId: string): Promise<string | null> {
  const answer = await settingOf(
    deps,
    () => requestCommand(deps.nats, getSellerCountry, { accountId }, deps.timeoutMs),
    accountId,
    'seller country unavailable; reading dates month first',
  );
  return answer?.country ?? null;
}

/**
 * The time zone of the seller's account settings (for a file's dates written without one), or null
 * when svc-auth does not answer in time: the file's dates are then read as UTC.
 */
export async function sellerTimeZoneOf(deps: AskDeps, accountId: string): Promise<string | null> {
  const answer = await settingOf(
    deps,
    () => requestCommand(deps.nats, getSellerTimeZone, { accountId }, deps.timeoutMs),
    accountId,
    'seller time zone unavailable; reading dates as UTC',
  );
  return answer?.timeZone ?? null;
}
