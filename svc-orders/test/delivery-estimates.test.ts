import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultDeliveryEstimateRule,
  deliveryEstimateMessages,
  type DeliveryEstimateRule,
  type DeliveryRecord,
} from '@onvelope/contracts';
import { addBusinessDays } from '../src/domain/delivery-estimate.js';
import { startBuyerHarness, type BuyerHarness } from './buyer-support.js';

const rule: DeliveryEstimateRule = {
  processingDays: 2,
  domesticTransitDays: 2,
  internationalTransitDays: 12,
  lanes: [
    { country: 'US', carrier: null, transitDays: 6 },
    { country: 'US', carrier: 'DHL', transitDays: 4 },
  ],
};

describe("the seller's delivery estimate (issue 33)", () => {
  let h: BuyerHarness;
  let sellerA: string;
  let sellerB: string;
  const today = new Date();

  beforeAll(async () => {
    h = await startBuyerHarness();
    sellerA = await h.issuer.merchantToken('estimate-a');
    sellerB = await h.issuer.merchantToken('estimate-b');
    h.directory.countries.set('estimate-a', 'GB');
  });
  afterAll(() => h?.stop());

  const ruleOf = (token: string) => h.call('GET', '/api/upload/delivery-estimates', { token });
  const save = (token: string, body: unknown) =>
    h.call('PUT', '/api/upload/delivery-estimates', { token, body });
  const shownToSeller = async (token: string, orderNumber: string) => {
    const answer = await h.call('GET', '/api/upload/tracking-entries?limit=200&omitShipped=false', {
      token,
    });
    expect(answer.status).toBe(200);
    return (answer.body.entries as { orderNumber: string; estimate: unknown }[]).find(
      (entry) => entry.orderNumber === orderNumber,
    )?.estimate;
  };
  const shownToBuyer = async (orderNumber: string) => {
    const answer = await h.call('POST', '/api/customer/lookup', {
      body: { email: 'ada@example.com', postcode: 'SW1A 1AA', orderNumber },
    });
    expect(answer.status).toBe(200);
    return answer.body.order.estimate as unknown;
  };
  const shippedOrder = (orderNumber: string, fields: Record<string, unknown> = {}) =>
    h.insertOrder({
      accountId: 'estimate-a',
      orderNumber,
      status: 'shipped',
      courier: 'USPS',
      trackingNumber: `TN${orderNumber}`,
      shippedAt: today,
      ...fields,
    });

  it('gives a seller who saved nothing the defaults', async () => {
    const answer = await ruleOf(sellerA);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ rule: defaultDeliveryEstimateRule, saved: false });
  });

  it("saves a seller's rule, refuses a wrong one in words and keeps what was saved", async () => {
    const saved = await save(sellerA, rule);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ rule, saved: true });

    const refusals = [
      [
        { ...rule, lanes: [...rule.lanes, { ...rule.lanes[0] }] },
        deliveryEstimateMessages.duplicateLane,
      ],
      [
        { ...rule, lanes: [{ country: 'XX', carrier: null, transitDays: 3 }] },
        deliveryEstimateMessages.country,
      ],
      [{ ...rule, internationalTransitDays: 91 }, deliveryEstimateMessages.days],
      [{ ...rule, processingDays: 1.5 }, deliveryEstimateMessages.processingDays],
      [{ ...rule, lanes: [{ country: 'FR', carrier: 'La\u0000Poste', transitDays: 3 }] }, null],
    ] as const;
    for (const [body, message] of refusals) {
      const answer = await save(sellerA, body);
      expect(answer.status).toBe(400);
      if (message) {
        expect(JSON.stringify(answer.body)).toContain(message);
      }
    }
    expect((await ruleOf(sellerA)).body).toEqual({ rule, saved: true });
  });

  it("keeps each seller's rule their own", async () => {
    expect((await ruleOf(sellerB)).body).toEqual({
      rule: defaultDeliveryEstimateRule,
      saved: false,
    });
    const mine = { ...rule, lanes: [], processingDays: 5 };
    expect((await save(sellerB, mine)).status).toBe(200);
    expect((await ruleOf(sellerB)).body.rule).toEqual(mine);
    expect((await ruleOf(sellerA)).body.rule).toEqual(rule);
  });

  it("dates an order the carrier gives no date by the seller's rule, for the seller and the buyer", async () => {
    await save(sellerA, rule);
    await shippedOrder('EST-US', { shippingCountry: 'United States' });
    await shippedOrder('EST-US-DHL', { shippingCountry: 'US', courier: 'DHL Express' });
    await shippedOrder('EST-GB', { shippingCountry: 'GB' });
    await shippedOrder('EST-FR', { shippingCountry: 'France' });
    await h.insertOrder({
      accountId: 'estimate-a',
      orderNumber: 'EST-NEW',
      status: 'processing',
      orderDate: today,
      shippingCountry: 'GB',
    });
    const expected = {
      'EST-US': addBusinessDays(today, 6),
      'EST-US-DHL': addBusinessDays(today, 4),
      'EST-GB': addBusinessDays(today, 2),
      'EST-FR': addBusinessDays(today, 12),
      'EST-NEW': addBusinessDays(today, 2 + 2),
    };
    for (const [orderNumber, date] of Object.entries(expected)) {
      expect(await shownToSeller(sellerA, orderNumber)).toEqual({ date, by: 'seller' });
      expect(await shownToBuyer(orderNumber)).toEqual({ date, by: 'seller' });
    }
    // Another seller's rule never dates this seller's orders, nor can they see them.
    expect(await shownToSeller(sellerB, 'EST-US')).toBeUndefined();

    await save(sellerA, { ...rule, lanes: [{ country: 'US', carrier: null, transitDays: 9 }] });
    expect(await shownToBuyer('EST-US-DHL')).toEqual({
      date: addBusinessDays(today, 9),
      by: 'seller',
    });
  });

  it("shows the carrier's date while it has one, and none once delivered or returned", async () => {
    const carrier = (fields: Partial<DeliveryRecord>): DeliveryRecord => ({
      provider: 'easypost',
      trackerId: 'trk_est',
      carrier: 'USPS',
      carrierStatus: 'in_transit',
      statusDetail: null,
      checkpoints: [],
      estimatedDeliveryAt: '2031-05-06T00:00:00.000Z',
      signedBy: null,
      carrierUrl: null,
      deliveredAt: null,
      carrierUpdatedAt: today.toISOString(),
      ...fields,
    });
    await shippedOrder('EST-CARRIER', { shippingCountry: 'US', delivery: carrier({}) });
    await shippedOrder('EST-RETURNED', {
      shippingCountry: 'US',
      delivery: carrier({ carrierStatus: 'return_to_sender' }),
    });
    await shippedOrder('EST-DONE', { status: 'delivered', shippingCountry: 'US' });
    expect(await shownToBuyer('EST-CARRIER')).toEqual({ date: '2031-05-06', by: 'carrier' });
    expect(await shownToSeller(sellerA, 'EST-CARRIER')).toEqual({
      date: '2031-05-06',
      by: 'carrier',
    });
    expect(await shownToBuyer('EST-RETURNED')).toBeNull();
    expect(await shownToBuyer('EST-DONE')).toBeNull();
  });
});
