import { describe, expect, it } from 'vitest';
import { trialDays, type BillingAccessState } from '@onvelope/contracts';
import { publishBillingState, testInfra } from '@onvelope/testkit';
import { useOrdersHarness } from './service-harness.js';

const day = 24 * 3600_000;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const state = (accountId: string, fields: Partial<BillingAccessState>): BillingAccessState => ({
  accountId,
  version: 1,
  trialEnd: null,
  subscriptionStatus: null,
  graceUntil: null,
  ...fields,
});

describe('the paid workspace (svc-billing README: what stays open)', () => {
  // Tokens without a billing state: each test publishes the one it needs, as svc-billing would.
  const orders = useOrdersHarness({ trial: false });

  const callAs = async (accountId: string, method: string, path: string, body?: unknown) =>
    orders.call(method, path, { token: await orders.issuer.merchantToken(accountId), body });
  const publish = (value: BillingAccessState) => publishBillingState(testInfra().natsUrl, value);

  it('answers 402 trial_expired on workspace calls once the trial has ended', async () => {
    await publish(state('gate-expired', { trialEnd: iso(-day) }));
    for (const [method, path, body] of [
      ['GET', '/api/upload/tracking-entries'],
      ['GET', '/api/upload/summary'],
      ['GET', '/api/keyword-rules'],
      ['POST', '/api/keyword-rules', { keyword: 'mug', message: 'hi' }],
      ['GET', '/api/public/seller-queries'],
    ] as const) {
      const reply = await callAs('gate-expired', method, path, body);
      expect({ path, ...reply }).toEqual({
        path,
        status: 402,
        body: {
          error: 'Your free trial has expired. Please subscribe to continue using ONVELOPE.',
          reason: 'trial_expired',
          details: [],
        },
      });
    }
  });

  it('keeps reports, export and clearing data open after the trial, so no seller loses their data', async () => {
    await publish(state('gate-open', { trialEnd: iso(-day) }));
    const search = await callAs('gate-open', 'POST', '/api/reports/search', {});
    expect(search.status).toBe(200);
    const token = await orders.issuer.merchantToken('gate-open');
    const exported = await fetch(`${orders.url}/api/reports/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv' }),
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    await exported.arrayBuffer();
    expect((await callAs('gate-open', 'DELETE', '/api/upload/clear-csv-data')).status).toBe(200);
  });

  it('names the reason: never onboarded, cancelled, or past due beyond the grace period', async () => {
    expect((await callAs('gate-never', 'GET', '/api/upload/summary')).body.reason).toBe(
      'subscription_required',
    );
    await publish(
      state('gate-cancelled', { trialEnd: iso(-20 * day), subscriptionStatus: 'canceled' }),
    );
    expect((await callAs('gate-cancelled', 'GET', '/api/upload/summary')).body).toMatchObject({
      reason: 'subscription_cancelled',
      error: 'Subscription cancelled. You can restart anytime.',
    });
    await publish(
      state('gate-grace', { subscriptionStatus: 'past_due', graceUntil: iso(3 * day) }),
    );
    expect((await callAs('gate-grace', 'GET', '/api/upload/summary')).status).toBe(200);
    await publish(state('gate-late', { subscriptionStatus: 'past_due', graceUntil: iso(-1000) }));
    expect((await callAs('gate-late', 'GET', '/api/upload/summary')).body).toMatchObject({
      reason: 'subscription_required',
      error: 'A subscription is required to access this feature.',
    });
  });

  it('opens and closes within seconds of a new billing state, with the same token', async () => {
    await publish(state('gate-live', { trialEnd: iso(trialDays * day) }));
    expect((await callAs('gate-live', 'GET', '/api/upload/summary')).status).toBe(200);
    await publish(
      state('gate-live', {
        version: 2,
        trialEnd: iso(trialDays * day),
        subscriptionStatus: 'canceled',
      }),
    );
    // Cancelled during the trial: the rest of the trial stays.
    expect((await callAs('gate-live', 'GET', '/api/upload/summary')).status).toBe(200);
    await publish(
      state('gate-live', { version: 3, trialEnd: iso(-1000), subscriptionStatus: 'canceled' }),
    );
    await expect
      .poll(async () => (await callAs('gate-live', 'GET', '/api/upload/summary')).status, {
        timeout: 5_000,
      })
      .toBe(402);
    await publish(
      state('gate-live', { version: 4, trialEnd: iso(-1000), subscriptionStatus: 'active' }),
    );
    await expect
      .poll(async () => (await callAs('gate-live', 'GET', '/api/upload/summary')).status, {
        timeout: 5_000,
      })
      .toBe(200);
    // An older state arriving late changes nothing.
    await publish(
      state('gate-live', { version: 2, trialEnd: iso(-1000), subscriptionStatus: 'canceled' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await callAs('gate-live', 'GET', '/api/upload/summary')).status).toBe(200);
  });

  it("judges each seller by their own account's state", async () => {
    await publish(state('gate-a', { subscriptionStatus: 'active' }));
    await publish(state('gate-b', { trialEnd: iso(-day) }));
    expect((await callAs('gate-a', 'GET', '/api/upload/summary')).status).toBe(200);
    expect((await callAs('gate-b', 'GET', '/api/upload/summary')).status).toBe(402);
  });
});
