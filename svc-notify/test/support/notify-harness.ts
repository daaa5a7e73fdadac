import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { simpleParser, type ParsedMail } from 'mailparser';
import type mongoose from 'mongoose';
import {
  buyerNoticeRequested,
  ordersStream,
  sellerNoticeRequested,
  sellerProfileChanged,
  TRACKING_ENTRY_EVENT_VERSION,
  trackingEntryUpserted,
  type BuyerNotice,
  type SellerNotice,
} from '@onvelope/contracts';
import { connectNats, publishEvent, type NatsConnection } from '@onvelope/service-kit/nats';
import {
  connectTestDatabase,
  pendingEntryChange,
  publishBillingState,
  startService,
  startSmtpSink,
  startTcpLink,
  startTestIssuer,
  testInfra,
  trialRunning,
  type EntryChange,
  type SmtpSink,
  type StartedService,
  type TcpLink,
  type TestIssuer,
} from '@onvelope/testkit';
import {
  entryChangesConsumerName,
  entryDeletionsConsumerName,
} from '../../src/events/consumers.js';
import { webhookEntryChangesConsumerName } from '../../src/events/webhook-consumers.js';
import { startNotifyService, type NotifyOverrides } from '../../src/index.js';

/**
 * Each harness is a fresh deployment: svc-notify's order consumers, left by an earlier harness of
 * this test worker, would otherwise resume behind every order the worker's other test files
 * published since (thousands, in the full suite), and this file's mails would wait for them.
 */
async function forgetEarlierDeployments(nats: NatsConnection): Promise<void> {
  const jsm = await jetstreamManager(nats);
  for (const name of [
    entryChangesConsumerName,
    entryDeletionsConsumerName,
    webhookEntryChangesConsumerName,
  ]) {
    await jsm.consumers.delete(ordersStream.name, name).catch(() => false);
  }
}

export const PUBLIC_SITE_URL = 'https://shop.onvelope.test';
export const UNSUBSCRIBE_SECRET = 'test-unsubscribe-secret-0123456789';

export interface Reply {
  status: number;
  // Test code reads answers of many shapes; each assertion states the one it expects.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
  headers: Headers;
}

/**
 * svc-notify on its own database, mailing a real SMTP sink through a TCP link a test can cut, with
 * tokens from a test issuer and a NATS connection to publish what svc-orders, svc-auth and
 * svc-billing would.
 */
export interface NotifyHarness {
  service: StartedService;
  sink: SmtpSink;
  link: TcpLink;
  issuer: TestIssuer;
  nats: NatsConnection;
  db: mongoose.Connection;
  /** A fresh seller: running trial, profile published and stored. */
  seller(fields?: { storeName?: string; timeZone?: string }): Promise<Seller>;
  publishChanges(accountId: string, changes: EntryChange[], messageId?: string): Promise<void>;
  /** What another service's `startSellerNotices` publishes (`notify.seller-notice.requested`). */
  publishNotice(
    accountId: string,
    notice: SellerNotice,
    ids?: { noticeId?: string; messageId?: string },
  ): Promise<string>;
  /** What another service's `requestForBuyer` publishes (`notify.buyer-notice.requested`). */
  publishBuyerNotice(
    accountId: string,
    to: string,
    notice: BuyerNotice,
    ids?: { noticeId?: string; messageId?: string },
  ): Promise<string>;
  /** Another svc-notify on the same database and NATS (a replica), stopped with the harness. */
  replica(): Promise<StartedService>;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** The outbox documents of an order, once `check` passes on them. */
  notificationsOf(accountId: string, entryId: string): Promise<Record<string, unknown>[]>;
  eventually<T>(check: () => Promise<T>, ms?: number): Promise<T>;
  /** Every mail the sink received for the address, parsed. */
  mailsTo(address: string): Promise<(ParsedMail & { raw: string })[]>;
  stop(): Promise<void>;
}

export interface Seller {
  accountId: string;
  email: string;
  token: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The unsubscribe address of a mail, from its List-Unsubscribe header (unfolded). */
export const unsubscribePathOf = (raw: string) => {
  const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const url = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)?.[1];
  if (!url) throw new Error('no List-Unsubscribe');
  return new URL(url).pathname;
};

/** A shipped order with a tracking number, and a fresh customer address. */
export const shippedChange = (fields: Partial<EntryChange> = {}): EntryChange =>
  pendingEntryChange({
    orderNumber: '1001',
    status: 'shipped',
    courier: 'Royal Mail',
    trackingNumber: 'AB123456789GB',
    customerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com`,
    customerName: 'Ann Buyer',
    shippedAt: new Date().toISOString(),
    items: [
      { name: 'Canvas tote bag', imageUrl: null, quantity: 2, price: 12 },
      { name: 'Enamel mug', imageUrl: null, quantity: 1, price: 8 },
    ],
    ...fields,
  });

/**
 * A clock a test moves forward (the daily digest's 08:00) while time still runs: `now()` is the
 * real time plus an offset, so leases and waits behave as they do in production.
 */
export interface TestClock {
  now(): Date;
  /** Jumps to `instant` (forward only: messages already queued stay due). */
  set(instant: Date): void;
}

export function testClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(instant) {
      offsetMs = Math.max(offsetMs, instant.getTime() - Date.now());
    },
  };
}

export async function startNotifyHarness(
  env: Record<string, string> = {},
  overrides: NotifyOverrides = {},
): Promise<NotifyHarness> {
  const { natsUrl } = testInfra();
  const sink = await startSmtpSink();
  const link = await startTcpLink(sink.url);
  const issuer = await startTestIssuer({ natsUrl });
  const nats = await connectNats(natsUrl, 'notify-test');
  await forgetEarlierDeployments(nats);
  const service = await startService((serviceEnv) => startNotifyService(serviceEnv, overrides), {
    AUTH_JWKS_URL: issuer.url,
    SMTP_URL: link.url,
    PUBLIC_SITE_URL,
    UNSUBSCRIBE_SECRET,
    SEND_EVERY_MS: '100',
    SEND_RETRY_BASE_MS: '100',
    SEND_RETRY_MAX_MS: '400',
    ASK_TIMEOUT_MS: '300',
    ...env,
  });
  const db = await connectTestDatabase(service.env.MONGO_DB);
  const replicas: StartedService[] = [];

  const eventually: NotifyHarness['eventually'] = async (check, ms = 10_000) => {
    const until = Date.now() + ms;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };

  const call: NotifyHarness['call'] = async (method, path, options = {}) => {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body, text, headers: response.headers };
  };

  return {
    service,
    sink,
    link,
    issuer,
    nats,
    db,
    eventually,
    call,
    async seller(fields = {}) {
      const accountId = `acct-${randomUUID()}`;
      const email = `seller-${randomUUID().slice(0, 8)}@example.com`;
      await publishBillingState(natsUrl, trialRunning(accountId));
      const token = await issuer.merchantToken(accountId);
      await publishEvent(
        nats,
        sellerProfileChanged,
        {
          accountId,
          email,
          storeName: fields.storeName ?? 'Acme Prints',
          website: null,
          timeZone: fields.timeZone ?? 'Europe/London',
          changedAt: new Date().toISOString(),
        },
        `profile-${accountId}`,
      );
      await eventually(async () => {
        const stored = await db.collection('sellers').findOne({ accountId });
        if (!stored?.email) throw new Error('profile not stored yet');
      });
      return { accountId, email, token };
    },
    publishChanges: async (accountId, changes, messageId = `changes-${randomUUID()}`) => {
      await publishEvent(
        nats,
        trackingEntryUpserted,
        { eventVersion: TRACKING_ENTRY_EVENT_VERSION, accountId, changes },
        messageId,
      );
    },
    async publishNotice(accountId, notice, ids = {}) {
      const noticeId = ids.noticeId ?? `test:${notice.kind}:${randomUUID()}`;
      await publishEvent(
        nats,
        sellerNoticeRequested,
        { noticeId, accountId, requestedAt: new Date().toISOString(), notice },
        ids.messageId ?? noticeId,
      );
      return noticeId;
    },
    async publishBuyerNotice(accountId, to, notice, ids = {}) {
      const noticeId = ids.noticeId ?? `test:${notice.kind}:${randomUUID()}`;
      await publishEvent(
        nats,
        buyerNoticeRequested,
        { noticeId, accountId, requestedAt: new Date().toISOString(), to, notice },
        ids.messageId ?? noticeId,
      );
      return noticeId;
    },
    async replica() {
      const { PORT: _port, ...replicaEnv } = service.env;
      const started = await startService(
        (serviceEnv) => startNotifyService(serviceEnv, overrides),
        replicaEnv,
      );
      replicas.push(started);
      return started;
    },
    notificationsOf: (accountId, entryId) =>
      db.collection('notifications').find({ accountId, entryId }).sort({ createdAt: 1 }).toArray(),
    async mailsTo(address) {
      const mails = sink.messages().filter((mail) => mail.to.includes(address.toLowerCase()));
      return Promise.all(
        mails.map(async (mail) => Object.assign(await simpleParser(mail.raw), { raw: mail.raw })),
      );
    },
    async stop() {
      await Promise.all(replicas.map((replica) => replica.close()));
      await service.close();
      await Promise.all([nats.close(), db.close(), issuer.close()]);
      await link.close();
      await sink.stop();
    },
  };
}
