import { Types } from 'mongoose';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookEventPayload, type WebhookDeliveryView } from '@onvelope/contracts';
import { pendingEntryChange } from '@onvelope/testkit';
import {
  shippedChange,
  startNotifyHarness,
  type NotifyHarness,
  type Seller,
} from './support/notify-harness.js';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from './support/webhook-receiver.js';

/** Verifies a received webhook as a seller's receiver would, with the `standardwebhooks` library. */
function verified(secret: string, webhook: ReceivedWebhook) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(webhook.headers[name] ?? ''),
    ]),
  );
  return new Webhook(secret).verify(webhook.body, headers) as { type: string; data: unknown };
}

async function addEndpoint(
  h: NotifyHarness,
  seller: Seller,
  url: string,
  events: string[],
): Promise<{ id: string; secret: string }> {
  const answer = await h.call('POST', '/api/notify/webhooks', {
    token: seller.token,
    body: { url, events },
  });
  expect(answer.status, answer.text).toBe(201);
  return { id: answer.body.endpoint.id, secret: answer.body.secret };
}

async function deliveriesOf(h: NotifyHarness, seller: Seller, endpointId: string) {
  const answer = await h.call('GET', `/api/notify/webhooks/${endpointId}/deliveries`, {
    token: seller.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.deliveries as WebhookDeliveryView[];
}

/**
 * Deliveries looked for and retried in the tests' time scale. The timeout stays the default's: on
 * a loaded machine a receiver in this process answered in 2.6-3 s, and a try that times out is
 * (rightly) sent again, which the tests that count sends would read as a double.
 */
const quickWebhooks = {
  WEBHOOK_SEND_EVERY_MS: '100',
  WEBHOOK_RETRY_BASE_MS: '100',
  WEBHOOK_RETRY_MAX_MS: '200',
  WEBHOOK_TIMEOUT_MS: '10000',
};

describe('outgoing webhooks (development address rules)', () => {
  let h: NotifyHarness;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    h = await startNotifyHarness({ ...quickWebhooks, WEBHOOK_DISABLE_AFTER_MS: '60000' });
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    await receiver.close();
    await h.stop();
  });

  const at = (path: string) => receiver.received.filter((webhook) => webhook.path === path);

  it('delivers the events an endpoint picked, signed so that standardwebhooks verifies them', async () => {
    const seller = await h.seller();
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/signed`, [
      'order.created',
      'order.shipped',
    ]);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const change = shippedChange({ version: 1 });
    await h.publishChanges(seller.accountId, [change]);

    const received = await h.eventually(async () => {
      const got = at('/signed');
      expect(got).toHaveLength(2);
      return got;
    });
    const bodies = received.map((webhook) => verified(endpoint.secret, webhook));
    expect(bodies.map((body) => body.type).sort()).toEqual(['order.created', 'order.shipped']);
    for (const body of bodies) {
      const parsed = webhookEventPayload(body.type as 'order.shipped').parse(body);
      expect(parsed.data.order).toMatchObject({
        id: change.entryId,
        orderNumber: '1001',
        status: 'shipped',
        trackingNumber: 'AB123456789GB',
      });
    }
    expect(received[0]?.headers['content-type']).toBe('application/json');
    // Tampered: the library refuses it.
    const first = received[0]!;
    expect(() =>
      verified(endpoint.secret, { ...first, body: first.body.replace('1001', '1002') }),
    ).toThrow();

    // order.updated was not picked: a later change sends nothing more.
    await h.publishChanges(seller.accountId, [
      { ...change, version: 2, changedAt: new Date().toISOString() },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/signed')).toHaveLength(2);
  });

  it('tells an endpoint of a shipment or delivery that happens while it exists, not of an older one when the order is edited', async () => {
    const seller = await h.seller();
    await addEndpoint(h, seller, `${receiver.origin}/since`, [
      'order.updated',
      'order.shipped',
      'order.delivered',
    ]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const now = new Date().toISOString();
    // Shipped and delivered an hour before the endpoint was made, then edited (a note, a city).
    const shippedBefore = shippedChange({ orderNumber: 'OLD-1', version: 3, shippedAt: hourAgo });
    const deliveredBefore = shippedChange({
      orderNumber: 'OLD-2',
      status: 'delivered',
      version: 5,
      shippedAt: hourAgo,
      deliveredAt: hourAgo,
    });
    const shippedNow = shippedChange({ orderNumber: 'NEW-1', version: 2, shippedAt: now });
    await h.publishChanges(seller.accountId, [shippedBefore, deliveredBefore, shippedNow]);

    const received = await h.eventually(async () => {
      const got = at('/since');
      expect(got).toHaveLength(4);
      return got;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/since')).toHaveLength(4);
    const told = received.map((webhook) => {
      const body = JSON.parse(webhook.body) as {
        type: string;
        data: { order: { orderNumber: string } };
      };
      return `${body.type} ${body.data.order.orderNumber}`;
    });
    expect(told.sort()).toEqual([
      'order.shipped NEW-1',
      'order.updated NEW-1',
      'order.updated OLD-1',
      'order.updated OLD-2',
    ]);
  });

  it('makes one delivery per endpoint and event however often NATS delivers the event', async () => {
    const seller = await h.seller();
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/once`, ['order.created']);
    const change = pendingEntryChange({ orderNumber: '2001' });
    await h.publishChanges(seller.accountId, [change], 'first-publish');
    await h.publishChanges(seller.accountId, [change]);
    await h.publishChanges(seller.accountId, [change]);
    await h.eventually(async () => expect(at('/once')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/once')).toHaveLength(1);
    expect(await deliveriesOf(h, seller, endpoint.id)).toHaveLength(1);
  });

  it('shares the deliveries between two replicas, each sent once', async () => {
    await h.replica();
    const seller = await h.seller();
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/replicas`, ['order.created']);
    const changes = Array.from({ length: 60 }, (_, i) =>
      pendingEntryChange({ orderNumber: `R${i}` }),
    );
    await h.publishChanges(seller.accountId, changes.slice(0, 30));
    await h.publishChanges(seller.accountId, changes.slice(30));
    await h.eventually(async () => expect(at('/replicas')).toHaveLength(60), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // One try each: a failed try (a timeout on a loaded machine) is retried, and sent again, by
    // design; this names it. The receiver's count below catches a delivery claimed twice (a lease
    // that ran out mid-try), whose log still shows one try.
    const logged = await deliveriesOf(h, seller, endpoint.id);
    expect(logged).toHaveLength(60);
    expect(logged.filter((delivery) => delivery.attempts !== 1)).toEqual([]);
    const ids = at('/replicas').map((webhook) => webhook.headers['webhook-id']);
    expect(new Set(ids).size).toBe(60);
    expect(ids).toHaveLength(60);
  });

  it('retries with back-off until the endpoint answers 2xx, logging every try', async () => {
    const seller = await h.seller();
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/flaky`, ['order.created']);
    receiver.answerWith((request) =>
      request.path === '/flaky' && at('/flaky').length <= 2
        ? { status: 500, body: 'database down' }
        : { status: 200, body: 'ok' },
    );
    await h.publishChanges(seller.accountId, [pendingEntryChange({ orderNumber: '2001' })]);
    const [delivery] = await h.eventually(async () => {
      const found = await deliveriesOf(h, seller, endpoint.id);
      expect(found[0]?.state).toBe('succeeded');
      return found;
    });
    expect(delivery?.attempts).toBe(3);
    expect(delivery?.attemptLog.map((attempt) => attempt.statusCode)).toEqual([200, 500, 500]);
    expect(delivery?.attemptLog[1]).toMatchObject({
      bodyExcerpt: 'database down',
      error: 'Answered 500',
    });
    // The same webhook-id on every try: the receiver dedupes by it.
    expect(new Set(at('/flaky').map((webhook) => webhook.headers['webhook-id'])).size).toBe(1);
    receiver.answerWith(() => ({ status: 200, body: 'ok' }));
  });

  it('does not follow a redirect: a 3xx is a failed try', async () => {
    const seller = await h.seller();
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/moved`, ['order.created']);
    receiver.answerWith((request) =>
      request.path === '/moved'
        ? { status: 302, headers: { location: `${receiver.origin}/elsewhere` } }
        : { status: 200 },
    );
    await h.publishChanges(seller.accountId, [pendingEntryChange({ orderNumber: '2001' })]);
    const [delivery] = await h.eventually(async () => {
      const found = await deliveriesOf(h, seller, endpoint.id);
      expect(found[0]?.attempts).toBeGreaterThanOrEqual(1);
      return found;
    });
    expect(delivery?.attemptLog.at(-1)?.error).toMatch(/redirects are not followed/);
    expect(at('/elsewhere')).toHaveLength(0);
    await h.call('DELETE', `/api/notify/webhooks/${endpoint.id}`, { token: seller.token });
    receiver.answerWith(() => ({ status: 200, body: 'ok' }));
  });

  it('replays a delivery with the same webhook-id, and sends a test event', async () => {
    const seller = await h.seller();
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/replay`, ['order.created']);
    await h.publishChanges(seller.accountId, [pendingEntryChange({ orderNumber: '2001' })]);
    const [delivery] = await h.eventually(async () => {
      const found = await deliveriesOf(h, seller, endpoint.id);
      expect(found[0]?.state).toBe('succeeded');
      return found;
    });
    const replay = await h.call(
      'POST',
      `/api/notify/webhooks/${endpoint.id}/deliveries/${delivery!.id}/replay`,
      { token: seller.token },
    );
    expect(replay.status).toBe(202);
    await h.eventually(async () => expect(at('/replay')).toHaveLength(2));
    const [first, second] = at('/replay');
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(verified(endpoint.secret, second!).type).toBe('order.created');

    const test = await h.call('POST', `/api/notify/webhooks/${endpoint.id}/test`, {
      token: seller.token,
    });
    expect(test.status).toBe(202);
    expect(test.body.delivery.eventType).toBe('webhook.test');
    await h.eventually(async () => expect(at('/replay')).toHaveLength(3));
    expect(verified(endpoint.secret, at('/replay')[2]!).type).toBe('webhook.test');
  });

  it('signs with the new and the previous secret for a day after a roll', async () => {
    const seller = await h.seller();
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/rolled`, ['order.created']);
    const rolled = await h.call('POST', `/api/notify/webhooks/${endpoint.id}/secret/roll`, {
      token: seller.token,
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body.secret).not.toBe(endpoint.secret);
    expect(rolled.body.previousSecretValidUntil).toEqual(expect.any(String));
    const shown = await h.call('GET', `/api/notify/webhooks/${endpoint.id}/secret`, {
      token: seller.token,
    });
    expect(shown.body.secret).toBe(rolled.body.secret);
    expect(shown.headers.get('cache-control')).toBe('no-store');

    await h.call('POST', `/api/notify/webhooks/${endpoint.id}/test`, { token: seller.token });
    const [webhook] = await h.eventually(async () => {
      expect(at('/rolled')).toHaveLength(1);
      return at('/rolled');
    });
    expect(String(webhook?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(rolled.body.secret, webhook!).type).toBe('webhook.test');
    expect(verified(endpoint.secret, webhook!).type).toBe('webhook.test');
  });

  it('sends buyer queries and the seller’s replies to endpoints that picked them', async () => {
    const seller = await h.seller();
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/queries`, [
      'buyer_query.created',
      'buyer_query.replied',
    ]);
    await h.publishNotice(seller.accountId, {
      kind: 'buyer_query',
      queryId: 'q1',
      orderNumber: '1001',
      customerName: 'Ann Buyer',
      customerEmail: 'ann@example.com',
      subject: 'Where is it?',
      message: 'Not here yet.',
    });
    await h.publishBuyerNotice(seller.accountId, 'ann@example.com', {
      kind: 'query_reply',
      queryId: 'q1',
      replyId: 'r1',
      entryId: null,
      orderNumber: '1001',
      customerName: 'Ann Buyer',
      subject: 'Where is it?',
      message: 'Not here yet.',
      reply: 'It left on Monday.',
    });
    await h.eventually(async () => expect(at('/queries')).toHaveLength(2));
    const bodies = at('/queries').map((webhook) => verified(endpoint.secret, webhook));
    const created = webhookEventPayload('buyer_query.created').parse(
      bodies.find((body) => body.type === 'buyer_query.created'),
    );
    expect(created.data.query).toMatchObject({ id: 'q1', customerEmail: 'ann@example.com' });
    const replied = webhookEventPayload('buyer_query.replied').parse(
      bodies.find((body) => body.type === 'buyer_query.replied'),
    );
    expect(replied.data.reply).toEqual({ id: 'r1', message: 'It left on Monday.' });
  });

  it('keeps each seller’s endpoints and deliveries to themselves (404 to anyone else)', async () => {
    const a = await h.seller();
    const b = await h.seller();
    const endpoint = await addEndpoint(h, a, `${receiver.origin}/tenancy`, ['order.created']);
    await h.call('POST', `/api/notify/webhooks/${endpoint.id}/test`, { token: a.token });
    const [delivery] = await h.eventually(async () => {
      const found = await deliveriesOf(h, a, endpoint.id);
      expect(found).toHaveLength(1);
      return found;
    });
    const base = `/api/notify/webhooks/${endpoint.id}`;
    for (const [method, path, body] of [
      ['GET', base],
      ['PATCH', base, { events: ['order.updated'] }],
      ['DELETE', base],
      ['GET', `${base}/secret`],
      ['POST', `${base}/secret/roll`],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
      ['POST', `${base}/deliveries/${delivery!.id}/replay`],
    ] as const) {
      const answer = await h.call(method, path, { token: b.token, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect(
      (await h.call('GET', '/api/notify/webhooks', { token: b.token })).body.endpoints,
    ).toEqual([]);
    // B's own endpoint does not reach A's delivery either.
    const own = await addEndpoint(h, b, `${receiver.origin}/tenancy-b`, ['order.created']);
    const foreign = await h.call(
      'POST',
      `/api/notify/webhooks/${own.id}/deliveries/${delivery!.id}/replay`,
      { token: b.token },
    );
    expect(foreign.status).toBe(404);
    // A's endpoint is untouched.
    const mine = await h.call('GET', base, { token: a.token });
    expect(mine.body.endpoint.events).toEqual(['order.created']);
  });

  it('needs a seller token, validates the endpoint, and documents the events', async () => {
    expect((await h.call('GET', '/api/notify/webhooks')).status).toBe(401);
    const seller = await h.seller();
    const noEvents = await h.call('POST', '/api/notify/webhooks', {
      token: seller.token,
      body: { url: `${receiver.origin}/x`, events: [] },
    });
    expect(noEvents.status).toBe(400);
    const remoteHttp = await h.call('POST', '/api/notify/webhooks', {
      token: seller.token,
      body: { url: 'http://example.com/hook', events: ['order.created'] },
    });
    expect(remoteHttp.status).toBe(400);
    expect(remoteHttp.body.details).toEqual([
      { path: 'body.url', message: expect.stringMatching(/https/) },
    ]);
    const catalogue = await h.call('GET', '/api/notify/webhooks/event-types');
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.eventVersion).toBe(1);
    const shipped = catalogue.body.eventTypes.find(
      (entry: { type: string }) => entry.type === 'order.shipped',
    );
    expect(shipped.schema.properties.type).toEqual({ type: 'string', const: 'order.shipped' });
    expect(shipped.schema.required).toEqual(['type', 'eventVersion', 'timestamp', 'data']);
  });
});

describe('an endpoint failing for days', () => {
  let h: NotifyHarness;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    h = await startNotifyHarness({
      ...quickWebhooks,
      // "Days" in the test's scale: failing for more than 600 ms disables it.
      WEBHOOK_DISABLE_AFTER_MS: '600',
    });
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    await receiver.close();
    await h.stop();
  });

  it('is disabled, its deliveries stop, the seller is told, and turning it on again works', async () => {
    const seller = await h.seller();
    receiver.answerWith(() => ({ status: 503, body: 'maintenance' }));
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/down`, ['order.created']);
    await h.publishChanges(seller.accountId, [pendingEntryChange({ orderNumber: '2001' })]);

    const disabled = await h.eventually(async () => {
      const answer = await h.call('GET', `/api/notify/webhooks/${endpoint.id}`, {
        token: seller.token,
      });
      expect(answer.body.endpoint.state).toBe('disabled');
      return answer.body.endpoint;
    });
    expect(disabled).toMatchObject({ disabledReason: 'failing', failingSince: expect.any(String) });
    const [delivery] = await h.eventually(async () => {
      const found = await deliveriesOf(h, seller, endpoint.id);
      expect(found[0]?.state).toBe('failed');
      return found;
    });
    expect(delivery?.reason).toBe('endpoint_disabled');

    const mails = await h.eventually(async () => {
      const found = await h.mailsTo(seller.email);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mails[0]?.subject).toBe('A webhook endpoint was turned off');
    expect(mails[0]?.text).toContain(`${receiver.origin}/down`);

    receiver.answerWith(() => ({ status: 200, body: 'ok' }));
    const enabled = await h.call('PATCH', `/api/notify/webhooks/${endpoint.id}`, {
      token: seller.token,
      body: { enabled: true },
    });
    expect(enabled.body.endpoint).toMatchObject({
      state: 'enabled',
      failingSince: null,
      disabledReason: null,
    });
    await h.call('POST', `/api/notify/webhooks/${endpoint.id}/deliveries/${delivery!.id}/replay`, {
      token: seller.token,
    });
    await h.eventually(async () => {
      const found = await deliveriesOf(h, seller, endpoint.id);
      expect(found[0]?.state).toBe('succeeded');
    });
  });
});

describe('production address rules', () => {
  let h: NotifyHarness;
  let receiver: WebhookReceiver;
  /** What `rebind.example.test` resolves to now: public at registration, then 127.0.0.1. */
  let rebindTo = '93.184.216.34';
  const lookups: string[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    h = await startNotifyHarness(
      {
        WEBHOOK_URL_POLICY: 'production',
        WEBHOOK_SEND_EVERY_MS: '100',
        WEBHOOK_RETRY_BASE_MS: '100',
        WEBHOOK_RETRY_MAX_MS: '200',
        WEBHOOK_TIMEOUT_MS: '2000',
      },
      {
        resolveHost: async (hostname) => {
          lookups.push(hostname);
          if (hostname === 'loopback.example.test') return [{ address: '127.0.0.1', family: 4 }];
          if (hostname === 'rebind.example.test') return [{ address: rebindTo, family: 4 }];
          if (hostname === 'localhost')
            return [
              { address: '::1', family: 6 },
              { address: '127.0.0.1', family: 4 },
            ];
          throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
        },
      },
    );
  });

  afterAll(async () => {
    await receiver.close();
    await h.stop();
  });

  it.each([
    [`http://127.0.0.1:1/hook`, /https/],
    [`https://127.0.0.1:1/hook`, /127\.0\.0\.1 is a loopback address/],
    [`https://[::1]:1/hook`, /loopback/],
    [`https://169.254.169.254/latest/meta-data`, /link-local/],
    [`https://10.0.0.5/hook`, /private/],
    [`https://[::ffff:192.168.0.1]/hook`, /private/],
    [`https://loopback.example.test:1/hook`, /127\.0\.0\.1 is a loopback address/],
    [`https://localhost:1/hook`, /loopback/],
    [`https://nowhere.example.test/hook`, /does not resolve/],
  ])('refuses to register %s', async (url, problem) => {
    const seller = await h.seller();
    const answer = await h.call('POST', '/api/notify/webhooks', {
      token: seller.token,
      body: { url, events: ['order.created'] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].message).toMatch(problem);
  });

  it('checks the address again on every delivery: a name rebound to 127.0.0.1 is refused', async () => {
    const seller = await h.seller();
    rebindTo = '93.184.216.34';
    const endpoint = await addEndpoint(
      h,
      seller,
      `https://rebind.example.test:${receiver.port}/hook`,
      ['order.created'],
    );
    // Nothing is sent before the name points at this machine: no traffic leaves loopback.
    rebindTo = '127.0.0.1';
    await h.call('POST', `/api/notify/webhooks/${endpoint.id}/test`, { token: seller.token });
    const [delivery] = await h.eventually(async () => {
      const found = await deliveriesOf(h, seller, endpoint.id);
      expect(found[0]?.attemptLog.length).toBeGreaterThanOrEqual(2);
      return found;
    });
    for (const attempt of delivery!.attemptLog) {
      expect(attempt).toMatchObject({
        statusCode: null,
        error: '127.0.0.1 is a loopback address, which webhooks may not reach',
      });
    }
    expect(delivery?.state).toBe('pending');
    expect(receiver.received).toHaveLength(0);
    expect(lookups.filter((name) => name === 'rebind.example.test').length).toBeGreaterThanOrEqual(
      3,
    );
  });
});

describe('webhook secrets at rest', () => {
  const keyA = Buffer.alloc(32, 0xa1).toString('base64');
  const keyB = Buffer.alloc(32, 0xb2).toString('base64');
  let receiver: WebhookReceiver;
  const running: NotifyHarness[] = [];
  const harness = async (extra: Record<string, string>) => {
    const started = await startNotifyHarness({ ...quickWebhooks, ...extra });
    running.push(started);
    return started;
  };
  const storedEndpoint = (h: NotifyHarness, id: string) =>
    h.db.collection('webhook_endpoints').findOne({ _id: new Types.ObjectId(id) });
  const shownSecret = async (h: NotifyHarness, seller: Seller, id: string) => {
    const shown = await h.call('GET', `/api/notify/webhooks/${id}/secret`, { token: seller.token });
    expect(shown.status).toBe(200);
    return shown.body.secret as string;
  };
  /** A test event through `h`, verified with `secret` as the seller's receiver would. */
  const deliveredWith = async (h: NotifyHarness, seller: Seller, id: string, secret: string) => {
    const path = `/secrets-${id}`;
    const before = receiver.received.filter((webhook) => webhook.path === path).length;
    expect(
      (await h.call('POST', `/api/notify/webhooks/${id}/test`, { token: seller.token })).status,
    ).toBe(202);
    const webhook = await h.eventually(async () => {
      const got = receiver.received.filter((received) => received.path === path);
      expect(got).toHaveLength(before + 1);
      return got[before]!;
    });
    expect(verified(secret, webhook).type).toBe('webhook.test');
  };
  /** An endpoint whose receiver path names it (the id is known once it is made). */
  const addNamedEndpoint = async (h: NotifyHarness, seller: Seller) => {
    const endpoint = await addEndpoint(h, seller, `${receiver.origin}/unnamed`, ['order.created']);
    const named = await h.call('PATCH', `/api/notify/webhooks/${endpoint.id}`, {
      token: seller.token,
      body: { url: `${receiver.origin}/secrets-${endpoint.id}` },
    });
    expect(named.status, named.text).toBe(200);
    return endpoint;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });

  // Harnesses on other databases must not outlive their test: each would store sellers' profiles
  // (their consumers are shared) in its own database.
  afterEach(async () => {
    for (const h of running.splice(0)) await h.stop();
  });

  afterAll(async () => {
    await receiver.close();
  });

  it('stores neither the secret nor the previous one, and signs so that standardwebhooks verifies', async () => {
    const h = await harness({ WEBHOOK_SECRETS_KEY: keyA });
    const seller = await h.seller();
    const endpoint = await addNamedEndpoint(h, seller);
    const rolled = await h.call('POST', `/api/notify/webhooks/${endpoint.id}/secret/roll`, {
      token: seller.token,
    });
    expect(rolled.status).toBe(200);
    const stored = JSON.stringify(await storedEndpoint(h, endpoint.id));
    for (const secret of [endpoint.secret, rolled.body.secret as string]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.slice('whsec_'.length));
    }
    expect(stored).not.toContain('whsec_');
    expect(await shownSecret(h, seller, endpoint.id)).toBe(rolled.body.secret);
    await deliveredWith(h, seller, endpoint.id, rolled.body.secret);
    await deliveredWith(h, seller, endpoint.id, endpoint.secret);
  });

  it('after a key rotation reads what the old key wrote, and encrypts it again with the new one at start', async () => {
    const before = await harness({ WEBHOOK_SECRETS_KEY: keyA });
    const seller = await before.seller();
    const endpoint = await addNamedEndpoint(before, seller);
    const storedBefore = await storedEndpoint(before, endpoint.id);
    await before.stop();
    running.splice(running.indexOf(before), 1);

    const after = await harness({
      MONGO_DB: before.service.env.MONGO_DB!,
      WEBHOOK_SECRETS_KEY: keyB,
      WEBHOOK_SECRETS_PREVIOUS_KEYS: keyA,
    });
    // Each harness has its own token issuer.
    const sameSeller = async (h: NotifyHarness) => ({
      ...seller,
      token: await h.issuer.merchantToken(seller.accountId),
    });
    const storedAfter = await storedEndpoint(after, endpoint.id);
    expect(storedAfter?.secretsKeyId).not.toBe(storedBefore?.secretsKeyId);
    expect(storedAfter?.secret).not.toBe(storedBefore?.secret);
    const sellerAfter = await sameSeller(after);
    expect(await shownSecret(after, sellerAfter, endpoint.id)).toBe(endpoint.secret);
    await deliveredWith(after, sellerAfter, endpoint.id, endpoint.secret);

    // Every secret is now the new key's: the old one may go.
    const onlyNewKey = await harness({
      MONGO_DB: before.service.env.MONGO_DB!,
      WEBHOOK_SECRETS_KEY: keyB,
    });
    expect(await shownSecret(onlyNewKey, await sameSeller(onlyNewKey), endpoint.id)).toBe(
      endpoint.secret,
    );
  });

  it('signs with a secret stored in clear before encryption began, and encrypts it at the next start', async () => {
    const h = await harness({ WEBHOOK_SECRETS_KEY: keyA });
    const seller = await h.seller();
    const endpoint = await addNamedEndpoint(h, seller);
    const legacySecret = `whsec_${Buffer.alloc(32, 0x5e).toString('base64')}`;
    // As the release before this one stored it: in clear, with no key id.
    await h.db
      .collection('webhook_endpoints')
      .updateOne(
        { _id: new Types.ObjectId(endpoint.id) },
        { $set: { secret: legacySecret }, $unset: { secretsKeyId: '' } },
      );
    expect(await shownSecret(h, seller, endpoint.id)).toBe(legacySecret);
    await deliveredWith(h, seller, endpoint.id, legacySecret);

    await harness({ MONGO_DB: h.service.env.MONGO_DB!, WEBHOOK_SECRETS_KEY: keyA });
    const stored = await storedEndpoint(h, endpoint.id);
    expect(stored?.secretsKeyId).toEqual(expect.any(String));
    expect(JSON.stringify(stored)).not.toContain(legacySecret.slice('whsec_'.length));
    expect(await shownSecret(h, seller, endpoint.id)).toBe(legacySecret);
  });
});
