import { getSellerTimeZone } from '@onvelope/contracts';
import { requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';

/** Asks svc-auth for a seller's time zone; rejects when it does not answer in `timeoutMs`. */
export const sellerTimeZoneOf =
  (nats: NatsConnection, timeoutMs: number) =>
  async (accountId: string): Promise<string> =>
    (await requestCommand(nats, getSellerTimeZone, { accountId }, timeoutMs)).timeZone;
