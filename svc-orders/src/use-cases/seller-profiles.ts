import type { z } from 'zod';
import {
  getSellerCountry,
  getSellerPublicProfile,
  getSellerTimeZone,
  type CommandContract,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import type { Merchant } from '../domain/buyer-order.js';

/** What asking svc-auth about a seller takes. */
interface AskDeps {
  nats: NatsConnection;
  log: Logger;
  timeoutMs: number;
}

/** The buyer side's deps (`BuyerDeps` has them), which keep the timeout in their settings. */
interface ProfileDeps {
  nats: NatsConnection;
  log: Logger;
  settings: { authTimeoutMs: number };
}

/**
 * svc-auth's answer to `command` about the seller, or null when it does not answer in time (logged
 * with what the caller does without it).
 */
async function askAboutSeller<Res extends z.ZodType>(
  deps: AskDeps,
  command: CommandContract<z.ZodType<{ accountId: string }>, Res>,
  accountId: string,
  without: string,
): Promise<z.infer<Res> | null> {
  try {
    return await requestCommand(deps.nats, command, { accountId }, deps.timeoutMs);
  } catch (error) {
    deps.log.warn({ err: error, accountId }, without);
    return null;
  }
}

/**
 * The seller's public name and website, asked of svc-auth each time (a renamed shop shows its new
 * name at once). When svc-auth does not answer, the order is still shown, without them: null.
 */
export function merchantOf(deps: ProfileDeps, accountId: string): Promise<Merchant> {
  return askAboutSeller(
    { nats: deps.nats, log: deps.log, timeoutMs: deps.settings.authTimeoutMs },
    getSellerPublicProfile,
    accountId,
    'seller profile unavailable; answering without it',
  );
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

/**
 * The country of the seller's account settings (for reading a file's ambiguous dates), or null
 * when they set none or svc-auth does not answer in time: the file is then read month first.
 */
export async function sellerCountryOf(deps: AskDeps, accountId: string): Promise<string | null> {
  const answer = await askAboutSeller(
    deps,
    getSellerCountry,
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
  const answer = await askAboutSeller(
    deps,
    getSellerTimeZone,
    accountId,
    'seller time zone unavailable; reading dates as UTC',
  );
  return answer?.timeZone ?? null;
}
