import { randomUUID } from 'node:crypto';
import { accessOf } from '@onvelope/contracts';
import type { BillingAccess, Logger, Mailer } from '@onvelope/service-kit';
import type { NotificationDocument, NotificationModel } from '../data/notification.model.js';
import type { NotificationSettingsModel } from '../data/notification-settings.model.js';
import type { SuppressionModel } from '../data/suppression.model.js';
import { retryDelayMs, sendFailureOf } from '../domain/send-outcome.js';
import { composeMessage, type ComposeDeps } from './compose-message.js';
import { settingsOf } from './notification-settings.js';
import type { SellerFactsReader } from './seller-facts.js';
import { isSuppressed, suppress } from './suppressions.js';

export interface SenderDeps {
  notifications: NotificationModel;
  settings: NotificationSettingsModel;
  suppressions: SuppressionModel;
  sellers: SellerFactsReader;
  billing: Pick<BillingAccess, 'stateOf'>;
  mailer: Mailer;
  compose: ComposeDeps;
  log: Logger;
  now: () => Date;
  everyMs: number;
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  giveUpAfterMs: number;
  /** Counts each outcome (sent, retried, failed, suppressed, skipped). */
  counted?: (outcome: string) => void;
}

export interface Sender {
  /** Something was queued: look now rather than at the next tick. */
  kick(): void;
  /** Finishes the message in hand and stops; nothing is left half-done (a lease runs out). */
  stop(): Promise<void>;
}

/**
 * The sending loop. Each message is claimed with one `findOneAndUpdate` that sets a lease, so
 * replicas never hold one message at once; a replica that dies holding one lets the lease run out
 * and another sends it. A message is marked sent the moment the mail server has accepted it.
 * A failed try waits longer each time (`retryDelayMs`) until `giveUpAfterMs`; a permanent
 * refusal of the address suppresses it for the seller.
 */
export function startSender(deps: SenderDeps): Sender {
  const owner = randomUUID();
  const { notifications, log } = deps;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const claim = () => {
    const now = deps.now();
    return notifications
      .findOneAndUpdate(
        {
          state: 'queued',
          nextAttemptAt: { $lte: now },
          $or: [{ leaseUntil: null }, { leaseUntil: { $lte: now } }],
        },
        {
          $set: {
            leaseUntil: new Date(now.getTime() + deps.leaseMs),
            leaseOwner: owner,
            updatedAt: now,
          },
        },
        { sort: { nextAttemptAt: 1 }, new: true },
      )
      .lean();
  };

  /** Ends the message's try; only while this sender still holds it. */
  const settle = async (doc: NotificationDocument, set: Record<string, unknown>) => {
    const update = { $set: { ...set, leaseUntil: null, leaseOwner: null, updatedAt: deps.now() } };
    // Written again if the database blinks: the mail is out, a lost "sent" would send it twice.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await notifications.updateOne({ _id: doc._id, leaseOwner: owner }, update);
        return;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };

  async function deliver(doc: NotificationDocument) {
    const now = deps.now();
    const to = doc.to;
    if (!to) {
      await settle(doc, { state: 'skipped', reason: 'no_customer_email', nextAttemptAt: null });
      return;
    }
    if (doc.kind === 'buyer') {
      if (!accessOf(await deps.billing.stateOf(doc.accountId), now).allowed) {
        await settle(doc, { state: 'skipped', reason: 'workspace_closed', nextAttemptAt: null });
        deps.counted?.('skipped');
        return;
      }
      if (await isSuppressed(deps.suppressions, doc.accountId, to)) {
        await settle(doc, {
          state: 'suppressed',
          reason: 'address_suppressed',
          nextAttemptAt: null,
        });
        deps.counted?.('suppressed');
        return;
      }
    }
    const attempts = doc.attempts + 1;
    let subject: string | null = doc.subject;
    try {
      const [seller, settings] = await Promise.all([
        deps.sellers.factsOf(doc.accountId),
        settingsOf(deps.settings, doc.accountId),
      ]);
      const message = await composeMessage(deps.compose, { ...doc, to }, seller, settings);
      subject = message.subject;
      await deps.mailer.send(message);
    } catch (error) {
      const failure = sendFailureOf(error);
      const waitedMs = now.getTime() - doc.createdAt.getTime();
      if (failure.kind === 'retry' && waitedMs < deps.giveUpAfterMs) {
        const next = new Date(
          now.getTime() + retryDelayMs(attempts, deps.retryBaseMs, deps.retryMaxMs),
        );
        log.warn(
          { notificationId: doc._id.toString(), attempts, next, err: error },
          'mail not sent; will try again',
        );
        await settle(doc, { attempts, nextAttemptAt: next, lastError: failure.detail, subject });
        deps.counted?.('retried');
        return;
      }
      const reason = failure.kind === 'retry' ? 'gave_up' : failure.kind;
      log.warn({ notificationId: doc._id.toString(), reason, err: error }, 'mail not sent');
      if (failure.kind === 'address_refused' && doc.kind === 'buyer') {
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
        nextAttemptAt: null,
        lastError: failure.detail,
        subject,
      });
      deps.counted?.('failed');
      return;
    }
    await settle(doc, {
      state: 'sent',
      sentAt: deps.now(),
      attempts,
      nextAttemptAt: null,
      lastError: null,
      subject,
    });
    deps.counted?.('sent');
  }

  async function round() {
    while (!stopped) {
      const doc = await claim();
      if (!doc) return;
      await deliver(doc);
    }
  }

  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(kick, deps.everyMs);
    timer.unref();
  };

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await round();
        } catch (error) {
          log.warn({ err: error }, 'sending round failed; trying again shortly');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule();
    });
  }

  kick();
  return {
    kick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
