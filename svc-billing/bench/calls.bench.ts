/**
 * svc-billing's main calls, one at a time (issue 40; not a test): a seller's checkout (`POST
 * /api/payments/checkout`: a Stripe customer and a Checkout Session at stripe-mock, and their
 * records) and Stripe's webhook (`POST /api/payments/webhook`: a signed event verified, recorded
 * once, and applied to the seller's subscription, whose new state is published).
 *
 * svc-billing runs as a child process from its sources (testkit `startApp`, its package's node
 * flags or `BENCH_NODE_FLAGS`) against `startInfra`'s database, NATS and stripe-mock, and is
 * called straight, not through the gateway. Each checkout is a new seller's first (a token of its own, the consent sent with it,
 * as from the pricing page); the webhook events are `customer.subscription.updated` for
 * `WEBHOOK_SELLERS` sellers whose trials were started in setup as svc-auth starts them, in turn,
 * each a new event id a second later than the seller's last, cancelling at period end and
 * resuming by turns, so every one changes the subscription. They are signed with the webhook
 * secret the service is started with, by the Stripe SDK's test-header helper (as the tests sign).
 *
 * Prints, per call: calls/s, p50/p95/p99, errors (with what a failed call answered), the CPU
 * svc-billing and the database spent per call, and calls/s per core (1000 / svc-billing's ms per
 * call); then svc-billing's peak RSS.
 *
 *   npm run bench -w @onvelope/svc-billing
 *   BENCH_SECONDS=3 BENCH_CALLERS=8   a quicker run
 *   BENCH_NODE_FLAGS=""               Node's default heap instead of the package's 128 MB cap
 */
import Stripe from 'stripe';
import { currentTermsVersion, startTrial } from '@onvelope/contracts';
import { startInfra } from '@onvelope/infra';
import { connectNats, requestCommand } from '@onvelope/service-kit/nats';
import {
  type BenchApp,
  benchDatabase,
  type CallCost,
  httpCallerOf,
  measureCall,
  printCosts,
  printSetup,
  startBenchApp,
  startTestIssuer,
} from '@onvelope/testkit';

const WEBHOOK_SECRET = 'whsec_billing_bench';
const SITE = 'http://shop.test';
const WEBHOOK_SELLERS = 64;
const consent = {
  agreed: true as const,
  termsUrl: '/terms',
  privacyUrl: '/privacy',
  termsVersion: currentTermsVersion as typeof currentTermsVersion,
  consentTimestamp: new Date().toISOString(),
  consentIp: 'browser-based',
};

const infra = await startInfra();
const issuer = await startTestIssuer();
const database = await benchDatabase(infra.mongoUrl, 'svc-billing');
const nats = await connectNats(infra.natsUrl, 'svc-billing-bench');
let billing: BenchApp | undefined;
try {
  billing = await startBenchApp('svc-billing', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: database.name,
    NATS_URL: infra.natsUrl,
    STRIPE_MOCK_URL: infra.stripeMockUrl,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    AUTH_JWKS_URL: issuer.url,
    PUBLIC_SITE_URL: SITE,
  });
  const http = httpCallerOf(billing.url);

  let checkouts = 0;
  const checkout = async () => {
    checkouts += 1;
    const token = await issuer.merchantToken(`bench-checkout-${checkouts}`);
    return http.send({
      method: 'POST',
      path: '/api/payments/checkout',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({
        priceId: 'price_pro_monthly',
        successUrl: `${SITE}/dashboard?subscription=success`,
        cancelUrl: `${SITE}/pricing?subscription=cancelled`,
        consent,
      }),
    });
  };

  const sellers = Array.from({ length: WEBHOOK_SELLERS }, (_, i) => `bench-webhook-${i}`);
  for (const accountId of sellers) {
    await requestCommand(nats, startTrial, {
      accountId,
      email: `${accountId}@shop.test`,
      selectedPlan: 'pro_monthly',
      consent: { ...consent, requestIp: '203.0.113.9' },
    });
  }
  const signer = new Stripe('sk_test_signing_only');
  const since = Math.floor(Date.now() / 1000) - 86_400;
  let events = 0;
  const webhook = () => {
    events += 1;
    const seller = events % WEBHOOK_SELLERS;
    const turn = Math.floor(events / WEBHOOK_SELLERS);
    const payload = JSON.stringify({
      id: `evt_bench_${Date.now()}_${events}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: since + turn,
      livemode: false,
      data: {
        object: {
          id: `sub_bench_${seller}`,
          object: 'subscription',
          customer: `cus_bench_${seller}`,
          status: 'active',
          cancel_at_period_end: turn % 2 === 1,
          metadata: { accountId: sellers[seller] },
          items: {
            object: 'list',
            data: [{ price: { id: 'price_pro_monthly' }, current_period_end: 1_800_000_000 }],
          },
        },
      },
    });
    return http.send({
      method: 'POST',
      path: '/api/payments/webhook',
      headers: {
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: payload,
    });
  };

  printSetup('svc-billing', database, infra.mongoUrl);
  const costs: CallCost[] = [
    await measureCall('POST /api/payments/checkout (a new seller)', billing, database, checkout),
    await measureCall(
      'POST /api/payments/webhook (subscription.updated)',
      billing,
      database,
      webhook,
    ),
  ];
  await printCosts('svc-billing', billing, costs);
  http.close();
} finally {
  await billing?.stop();
  await nats.close();
  await database.drop();
  await issuer.close();
  await infra.stop();
}
