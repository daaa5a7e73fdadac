import Stripe from 'stripe';
import { currentTermsVersion, startTrial, type BillingAccessState } from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { connectNats, requestCommand, type NatsConnection } from '@onvelope/service-kit/nats';
import { followBillingAccess, type BillingAccess } from '@onvelope/service-kit/billing';
import {
  startService,
  startTestIssuer,
  testInfra,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { startBillingService } from '../src/index.js';

export const webhookSecret = 'whsec_billing_tests';
const signer = new Stripe('sk_test_signing_only');

export const consent = {
  agreed: true as const,
  termsUrl: '/terms',
  privacyUrl: '/privacy',
  termsVersion: currentTermsVersion as typeof currentTermsVersion,
  consentTimestamp: '2026-11-01T10:00:00.000Z',
  consentIp: 'browser-based',
};

export interface Reply {
  status: number;
  // Answers of many shapes; each assertion states the one it expects.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

/** svc-billing on stripe-mock with a clock tests can move, a seller token issuer and a NATS link. */
export interface BillingHarness {
  service: StartedService;
  issuer: TestIssuer;
  nats: NatsConnection;
  access: BillingAccess;
  advanceClock(ms: number): void;
  now(): Date;
  call(method: string, path: string, options?: { body?: unknown; token?: string }): Promise<Reply>;
  /** Sends a webhook signed as Stripe signs them (the SDK's test-header helper). */
  webhook(event: StripeTestEvent, signature?: string): Promise<Reply>;
  /** What svc-auth does when a seller finishes onboarding. */
  startTrial(accountId: string, email?: string): Promise<{ trialEnd: string }>;
  /** The newest billing state of the account on the BILLING_ACCESS stream, once it has `version`. */
  publishedState(accountId: string, version: number): Promise<BillingAccessState>;
  stop(): Promise<void>;
}

export interface StripeTestEvent {
  id: string;
  type: string;
  created: number;
  object: Record<string, unknown>;
}

/** `env` is added to (and overrides) the harness's own settings. */
export async function startBillingHarness(
  env: Record<string, string> = {},
): Promise<BillingHarness> {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const issuer = await startTestIssuer();
  const service = await startService((env) => startBillingService(env, { now }), {
    STRIPE_MOCK_URL: testInfra().stripeMockUrl,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    AUTH_JWKS_URL: issuer.url,
    PUBLIC_SITE_URL: 'http://shop.test',
    LOG_LEVEL: 'error',
    ...env,
  });
  const nats = await connectNats(testInfra().natsUrl, 'billing-tests');
  const access = await followBillingAccess(nats, createLogger('billing-tests', 'silent'));

  const send = async (path: string, init: RequestInit): Promise<Reply> => {
    const response = await fetch(`${service.url}${path}`, { redirect: 'manual', ...init });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // An HTML page or a redirect: the text is the body.
    }
    return { status: response.status, body, headers: response.headers };
  };

  return {
    service,
    issuer,
    nats,
    access,
    advanceClock: (ms) => {
      offsetMs += ms;
    },
    now,
    call: (method, path, { body, token } = {}) =>
      send(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    webhook: (event, signature) => {
      const payload = JSON.stringify({
        id: event.id,
        object: 'event',
        type: event.type,
        created: event.created,
        livemode: false,
        data: { object: event.object },
      });
      return send('/api/payments/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature':
            signature ??
            signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        body: payload,
      });
    },
    startTrial: (accountId, email = `${accountId}@example.com`) =>
      requestCommand(nats, startTrial, {
        accountId,
        email,
        selectedPlan: 'pro_monthly',
        consent: { ...consent, requestIp: '203.0.113.9' },
      }),
    async publishedState(accountId, version) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const state = await access.stateOf(accountId);
        if (state && state.version >= version) return state;
        if (Date.now() > deadline) {
          throw new Error(
            `no billing state v${version} for ${accountId}: ${JSON.stringify(state)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      await access.stop();
      await nats.close();
      await service.close();
      await issuer.close();
    },
  };
}

/** A Stripe subscription object as webhooks carry it (API version 2025-03-31 and later). */
export function subscriptionObject(fields: {
  id: string;
  customer: string;
  accountId?: string;
  status: string;
  priceId?: string;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
}) {
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    metadata: fields.accountId ? { accountId: fields.accountId } : {},
    items: {
      object: 'list',
      data: [
        {
          price: { id: fields.priceId ?? 'price_pro_monthly' },
          current_period_end: fields.periodEnd ?? 1_800_000_000,
        },
      ],
    },
  };
}

let eventCount = 0;
/** A unique event id, as Stripe gives each event. */
export const eventId = () => `evt_test_${Date.now()}_${(eventCount += 1)}`;
