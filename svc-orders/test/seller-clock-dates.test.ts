import { beforeAll, describe, expect, it } from 'vitest';
import { getSellerTimeZone } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { serveCommand } from '@onvelope/service-kit/nats';
import { useOrdersHarness } from './service-harness.js';
import { importFile, storedOrdersOf } from './support.js';

/** The zones svc-auth would answer, by account; an account not named has none set (UTC here). */
const zones: Record<string, string> = {
  'clock-new-york': 'America/New_York',
  'clock-tokyo': 'Asia/Tokyo',
};

const file = [
  'Order Number,Email,Order Date,Shipped Date',
  'D-1,d1@example.com,2025-01-05,',
  'D-2,d2@example.com,2025-07-25 21:06,',
  'D-3,d3@example.com,2025-04-01 17:18 +01:00,2025-04-02T09:00:00Z',
].join('\n');

// A store's export writes the shop's clock: a date read as UTC was the day before in the Americas,
// where the dashboard, which shows the seller's zone, then showed 4 January for 5 January.
describe("a file's dates without a zone, on the seller's clock", () => {
  const orders = useOrdersHarness({ env: { AUTH_COMMAND_TIMEOUT_MS: '500' } });

  beforeAll(async () => {
    serveCommand(
      orders.nc,
      getSellerTimeZone,
      'svc-auth',
      async ({ accountId }) => ({ timeZone: zones[accountId] ?? 'UTC' }),
      createLogger('seller-clock-test', 'silent'),
    );
    // The server has the subscription before the first import asks.
    await orders.nc.flush();
  });

  const datesOf = async (accountId: string) => {
    const caller = await orders.seller(accountId);
    expect(await importFile(caller, file)).toMatchObject({ successfulRows: 3, failedRows: 0 });
    const stored = await storedOrdersOf(orders.db, caller);
    return ['D-1', 'D-2', 'D-3'].map((number) => ({
      orderDate: stored.get(number)?.orderDate?.toISOString(),
      shippedAt: stored.get(number)?.shippedAt?.toISOString() ?? null,
    }));
  };

  it('stores a date alone as the start of that day where the seller is, and a time as their clock read it', async () => {
    expect(await datesOf('clock-new-york')).toEqual([
      { orderDate: '2025-01-05T05:00:00.000Z', shippedAt: null },
      { orderDate: '2025-07-26T01:06:00.000Z', shippedAt: null },
      // Written with its zone: as written, wherever the seller is.
      { orderDate: '2025-04-01T16:18:00.000Z', shippedAt: '2025-04-02T09:00:00.000Z' },
    ]);
    expect((await datesOf('clock-tokyo'))[0]).toEqual({
      orderDate: '2025-01-04T15:00:00.000Z',
      shippedAt: null,
    });
    expect((await datesOf('clock-utc'))[0]).toEqual({
      orderDate: '2025-01-05T00:00:00.000Z',
      shippedAt: null,
    });
  });
});
