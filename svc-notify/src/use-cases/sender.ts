import { randomUUID } from 'node:crypto';
import { accessOf } from '@onvelope/contracts';
import type { BillingAccess } from '@onvelope/service-kit/billing';
import type { Mailer, MailMessage } from '@onvelope/service-kit/mail';
import {
  isBuyerMessage,
  isSellerMessage,
  type NotificationDocument,
  type NotificationModel,
} from '../data/notification.model.js';
import type { NotificationSettingsModel } from '../data/notification-settings.model.js';
import type { SuppressionModel } from '../data/suppression.model.js';
import { retryDelayMs, sendFailureOf } from '../domain/send-outcome.js';
import { composeBuyerNotice, composeMessage, type ComposeDeps } from './compose-message.js';
import { composeSellerMessage } from './compose-seller-message.js';
import { gatherDigest, settleDigestQueries } from './daily-digest.js';
import { settingsOf } from './notification-settings.js';
import type { SellerFactsReader } from './seller-facts.js';
import { startLeasedWorker, type LeasedQueueTiming, type LeasedWorker } from './leased-worker.js';
import { isSuppressed, suppress } from './suppressions.js';
import { heldByClaim, takeUnderToken } from './token-claims.js';

/**
 * A message with the envelope sender its delivery reports go back to (`envelopeFrom`). service-kit's
 * `MailMessage` does not name that field yet, so its SMTP mailer sends MAIL_FROM's address until it
 * hands `envelopeFrom` to nodemailer as `envelope.from` (README, "Not done yet").
 */
const withEnvelopeSender = (
  message: MailMessage,
  envelopeFrom: string | undefined,
): MailMessage & { envelopeFrom?: string } =>
  envelopeFrom === undefined ? message : { ...message, envelopeFrom };

/** `concurrency`: messages sent at once, each waiting mostly on the mail server and MongoDB. */
export interface SenderDeps extends LeasedQueueTiming {
  notifications: NotificationModel;
  settings: NotificationSettingsModel;
  suppressions: SuppressionModel;
  sellers: SellerFactsReader;
  billing: Pick<BillingAccess, 'stateOf'>;
  mailer: Mailer;
  compose: ComposeDeps;
  /** How often a seller's message whose address is not known yet is looked at again. */
  addressRecheckMs: number;
  /** The message's VERP-tagged envelope sender (`BOUNCE_ADDRESS`); absent: the mailer's own. */
  envelopeSenderOf?: (notificationId: string) => string;
  /** Counts each outcome (sent, retried, failed, suppressed, skipped). */
  counted?: (outcome: string) => void;
}

/** Due now: queued, its time come, and held by no claim whose lease still runs. */
export const dueMessagesAt = (now: Date) => ({
  state: 'queued' as const,
  nextAttemptAt: { $lte: now },
  $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
});

/**
 * How long a claimed message may wait in hand before it is handed back rather than sent: it
 * starts with nearly its whole lease, as when each claim took one message.
 */
const HOLD_LIMIT_MS = 5_000;

/**
 * The sending loop, run by `startLeasedWorker`. Messages are claimed under a lease and a token of
 * the claim (`leaseOwner`), so replicas never hold one message at once; a replica that dies holding
 * one lets the lease run out and another sends it. A message is marked sent the moment the mail
 * server has accepted it.
 * A failed try waits longer each time (`retryDelayMs`) until `giveUpAfterMs`; a permanent
 * refusal of a buyer's address suppresses it for the seller. Buyers' messages and the seller's
 * own (notices, digests) share the loop; only where they go and what they say differ.
 */
export function startSender(deps: SenderDeps): LeasedWorker {
  const { notifications, log } = deps;

  /**
   * Claims up to `limit` due messages, earliest due first: one read of their ids, one update that
   * takes those still due under this claim's token (a message another replica took meanwhile is
   * not taken twice), one read by the token. On the test server (mongo-java-server) a read of the
   * due messages reads and sorts the whole backlog, whatever the limit (60 ms with 9,000 queued in
   * issue 34's import benchmark), so it is paid once a batch, not once a message. Settles and
   * hand-backs find the message by the token, the first key of an index.
   */
  const claim = async (limit: number): Promise<NotificationDocument[]> => {
    const now = deps.now();
    const due = dueMessagesAt(now);
    const ids = (
      await notifications.find(due, { _id: 1 }).sort({ nextAttemptAt: 1 }).limit(limit).lean()
    ).map(({ _id }) => _id);
    if (ids.length === 0) return [];
    return takeUnderToken(notifications, due, ids, randomUUID(), {
      leaseUntil: new Date(now.getTime() + deps.leaseMs),
      updatedAt: now,
    });
  };

  /** Gives a claimed message back unsent, due at once. */
  const handBack = (doc: NotificationDocument) =>
    notifications.updateOne(heldByClaim(doc), { $set: { leaseUntil: null, leaseOwner: null } });

  /** Ends the message's try; only while its claim still holds it. */
  const settle = async (doc: NotificationDocument, set: Record<string, unknown>) => {
    const update = { $set: { ...set, leaseUntil: null, leaseOwner: null, updatedAt: deps.now() } };
    // Written again if the database blinks: the mail is out, a lost "sent" would send it twice.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await notifications.updateOne(heldByClaim(doc), update);
        return;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };

  /** One message about to go: where, how it is made, and what else settles with it. */
  interface Outgoing {
    to: string;
    compose: () => Promise<MailMessage | null>;
    /** Fields the final write also sets (a digest's query count). */
    set?: Record<string, unknown>;
    /** After the message's end is written (a digest's queries share it). */
    settled?: (state: 'sent' | 'failed', sentAt: Date | null) => Promise<void>;
  }

  /**
   * A buyer's message (a milestone, a notice) or a seller's test: checked again now, or settled
   * without sending. A milestone needs an open workspace; a buyer's notice (the seller's reply)
   * was written while it was open (`recordBuyerNotice`). Both honour the seller's suppressions.
   */
  async function buyerOutgoing(doc: NotificationDocument, now: Date): Promise<Outgoing | null> {
    const { to, milestone, order, buyerNotice } = doc;
    if (!to) {
      await settle(doc, { state: 'skipped', reason: 'no_customer_email', nextAttemptAt: null });
      return null;
    }
    if (doc.kind === 'buyer' && !accessOf(await deps.billing.stateOf(doc.accountId), now).allowed) {
      await settle(doc, { state: 'skipped', reason: 'workspace_closed', nextAttemptAt: null });
      deps.counted?.('skipped');
      return null;
    }
    if (isBuyerMessage(doc)) {
      if (await isSuppressed(deps.suppressions, doc.accountId, to)) {
        await settle(doc, {
          state: 'suppressed',
          reason: 'address_suppressed',
          nextAttemptAt: null,
        });
        deps.counted?.('suppressed');
        return null;
      }
    }
    return {
      to,
      compose: async () => {
        const [seller, settings] = await Promise.all([
          deps.sellers.factsOf(doc.accountId),
          settingsOf(deps.settings, doc.accountId),
        ]);
        if (doc.kind === 'buyer_notice') {
          if (!buyerNotice) return null;
          return composeBuyerNotice(deps.compose, { ...doc, to, buyerNotice }, seller, settings);
        }
        if (!milestone || !order) return null;
        return composeMessage(deps.compose, { ...doc, to, milestone, order }, seller, settings);
      },
    };
  }

  /**
   * A message to the seller: to their account address as svc-auth last published it. Until it is
   * known the message waits (`awaiting_seller_address`), not tried and not given up: the profile
   * event wakes it (`wakeMessagesAwaitingAddress`), and it is looked at again every
   * `addressRecheckMs` in case that wake-up came while this sender was parking it.
   */
  async function sellerOutgoing(doc: NotificationDocument, now: Date): Promise<Outgoing | null> {
    const to = await deps.sellers.addressOf(doc.accountId);
    if (!to) {
      await settle(doc, {
        reason: 'awaiting_seller_address',
        nextAttemptAt: new Date(now.getTime() + deps.addressRecheckMs),
      });
      // The address may have come while this was decided, its wake-up finding the message leased.
      if (await deps.sellers.addressOf(doc.accountId)) {
        await notifications.updateOne(
          { _id: doc._id, state: 'queued', reason: 'awaiting_seller_address' },
          { $set: { nextAttemptAt: deps.now() } },
        );
      }
      return null;
    }
    const queries = doc.kind === 'digest' ? await gatherDigest(notifications, doc) : [];
    if (doc.kind === 'digest' && queries.length === 0) {
      await settle(doc, { state: 'skipped', reason: 'nothing_to_send', to, nextAttemptAt: null });
      deps.counted?.('skipped');
      return null;
    }
    return {
      to,
      compose: async () => {
        const { timeZone } = await deps.sellers.factsOf(doc.accountId);
        return composeSellerMessage(deps.compose, doc, { to, timeZone }, queries);
      },
      ...(doc.kind === 'digest'
        ? {
            set: { queryCount: queries.length },
            settled: (state: 'sent' | 'failed', sentAt: Date | null) =>
              settleDigestQueries(notifications, doc, { state, to, sentAt, now: deps.now() }),
          }
        : {}),
    };
  }

  async function deliver(doc: NotificationDocument) {
    const now = deps.now();
    const outgoing = isSellerMessage(doc)
      ? await sellerOutgoing(doc, now)
      : await buyerOutgoing(doc, now);
    if (!outgoing) return;
    const { to } = outgoing;
    const attempts = doc.attempts + 1;
    // The give-up clock runs from the first try: a seller's message that waited for the address
    // is not given up at its first failure. (Older documents: their creation.)
    const firstTriedAt = doc.firstTriedAt ?? (doc.attempts > 0 ? doc.createdAt : now);
    let subject: string | null = doc.subject;
    try {
      const message = await outgoing.compose();
      if (!message) {
        log.error({ notificationId: doc._id.toString() }, 'outbox document without its content');
        await settle(doc, { state: 'failed', reason: null, nextAttemptAt: null, to });
        deps.counted?.('failed');
        return;
      }
      subject = message.subject;
      await deps.mailer.send(
        withEnvelopeSender(message, deps.envelopeSenderOf?.(doc._id.toString())),
      );
    } catch (error) {
      const failure = sendFailureOf(error);
      const waitedMs = now.getTime() - firstTriedAt.getTime();
      if (failure.kind === 'retry' && waitedMs < deps.giveUpAfterMs) {
        const next = new Date(
          now.getTime() + retryDelayMs(attempts, deps.retryBaseMs, deps.retryMaxMs),
        );
        log.warn(
          { notificationId: doc._id.toString(), attempts, next, err: error },
          'mail not sent; will try again',
        );
        await settle(doc, {
          attempts,
          firstTriedAt,
          to,
          reason: null,
          nextAttemptAt: next,
          lastError: failure.detail,
          subject,
        });
        deps.counted?.('retried');
        return;
      }
      const reason = failure.kind === 'retry' ? 'gave_up' : failure.kind;
      log.warn({ notificationId: doc._id.toString(), reason, err: error }, 'mail not sent');
      if (failure.kind === 'address_refused' && isBuyerMessage(doc)) {
        await suppress(
          deps.suppressions,
          { accountId: doc.accountId, email: to, reason: 'refused', detail: failure.detail },
          deps.now(),
        );
      }
      await settle(doc, {
        state: 'failed',
        reason,
        attempts,
        firstTriedAt,
        to,
        nextAttemptAt: null,
        lastError: failure.detail,
        subject,
        ...outgoing.set,
      });
      await outgoing.settled?.('failed', null);
      deps.counted?.('failed');
      return;
    }
    const sentAt = deps.now();
    await settle(doc, {
      state: 'sent',
      reason: null,
      sentAt,
      attempts,
      firstTriedAt,
      to,
      nextAttemptAt: null,
      lastError: null,
      subject,
      ...outgoing.set,
    });
    await outgoing.settled?.('sent', sentAt);
    deps.counted?.('sent');
  }

  /**
   * Sends a claimed message unless it waited in hand past `HOLD_LIMIT_MS` (behind a slow send):
   * that one goes back, due at once, so no message starts a send with its lease nearly spent and
   * is sent again by another replica when the lease runs out.
   */
  async function sendClaimed(doc: NotificationDocument) {
    const leftMs = (doc.leaseUntil?.getTime() ?? 0) - deps.now().getTime();
    if (leftMs < deps.leaseMs - HOLD_LIMIT_MS) {
      await handBack(doc);
      return;
    }
    await deliver(doc);
  }

  return startLeasedWorker({
    name: 'sender',
    claim,
    work: sendClaimed,
    everyMs: deps.everyMs,
    concurrency: deps.concurrency,
    // Four sends a loop: a message waits in hand for about three sends before its own (a few
    // hundred milliseconds; past `HOLD_LIMIT_MS` it goes back), and a claim is paid once in 32.
    batchSize: 4 * deps.concurrency,
    // A stop (a restart, a deploy) leaves up to three messages a loop claimed and not started:
    // they go back, or a restarted sender could not send them until their leases ran out.
    release: async (docs) => {
      await Promise.all(docs.map(handBack));
    },
    log,
  });
}
