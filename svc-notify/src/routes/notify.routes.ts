import type { Context } from 'koa';
import {
  getNotificationSettings,
  liftSuppression,
  notificationSuppressions,
  orderNotifications,
  previewNotification,
  previewNotificationPage,
  sellerMessages,
  sendTestNotification,
  showUnsubscribe,
  unsubscribe,
  updateNotificationSettings,
} from '@onvelope/contracts';
import { notFound } from '@onvelope/service-kit/errors';
import { forAccount } from '@onvelope/service-kit/mongo';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import type { NotificationDocument, NotificationModel } from '../data/notification.model.js';
import { sellerMessageKindOf } from '../use-cases/seller-messages.js';
import type { NotificationSettingsModel } from '../data/notification-settings.model.js';
import type { SuppressionModel } from '../data/suppression.model.js';
import { unsubscribePage } from '../templates/unsubscribe-page.js';
import { liftSuppression as lift } from '../use-cases/lift-suppression.js';
import { settingsOf, updateSettings } from '../use-cases/notification-settings.js';
import {
  previewPage,
  previewPagePolicy,
  previewWithPage,
  type PreviewDeps,
} from '../use-cases/preview.js';
import type { SellerFactsReader } from '../use-cases/seller-facts.js';
import { sendTest, type SendTestDeps } from '../use-cases/send-test.js';
import {
  confirmUnsubscribe,
  readUnsubscribe,
  type UnsubscribeAnswer,
  type UnsubscribeDeps,
} from '../use-cases/unsubscribe.js';

export interface NotifyRouteDeps {
  notifications: NotificationModel;
  settings: NotificationSettingsModel;
  suppressions: SuppressionModel;
  sellers: SellerFactsReader;
  sendTest: SendTestDeps;
  unsubscribe: UnsubscribeDeps;
  preview: PreviewDeps;
  now: () => Date;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The delivery report a message shows (none on messages older than reading them). */
const bounceOf = (doc: NotificationDocument) =>
  doc.bounce ? { ...doc.bounce, reportedAt: doc.bounce.reportedAt.toISOString() } : null;

/** A browser gets the page, anything asking for JSON the JSON. */
function answerUnsubscribe(ctx: Context, answer: UnsubscribeAnswer) {
  // Nobody else's business whether an address unsubscribed: never cached, never indexed.
  ctx.set('Cache-Control', 'no-store');
  if (ctx.accepts('json', 'html') === 'json') {
    return {
      success: true as const,
      unsubscribed: answer.unsubscribed,
      storeName: answer.storeName,
    };
  }
  ctx.type = 'html';
  ctx.body = unsubscribePage(answer);
  return undefined;
}

/** Issue 34: the seller's settings and views (their own account only), and the buyer's unsubscribe. */
export function registerNotifyRoutes(routes: ServiceRoutes, deps: NotifyRouteDeps) {
  routes.handle(getNotificationSettings, async (ctx) => ({
    success: true as const,
    settings: await settingsOf(deps.settings, callerOf(ctx).accountId),
  }));

  routes.handle(updateNotificationSettings, async (ctx, { body }) => ({
    success: true as const,
    settings: await updateSettings(deps.settings, callerOf(ctx).accountId, body, deps.now()),
  }));

  routes.handle(previewNotification, async (ctx, { params, query }) => ({
    success: true as const,
    ...(await previewWithPage(
      deps.preview,
      callerOf(ctx).accountId,
      params.milestone,
      query.problem ?? null,
    )),
  }));

  routes.handle(previewNotificationPage, async (ctx, { params }) => {
    const html = await previewPage(deps.preview, params.token);
    if (html === null) throw notFound('This preview has expired: open it again from the settings.');
    // The message's own policy (inline styles, https images); the gateway passes it through.
    ctx.set('Content-Security-Policy', previewPagePolicy);
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    // The address stands in for the seller's token: never kept, never sent on to an image's host.
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.type = 'html';
    ctx.body = html;
  });

  routes.handle(sendTestNotification, async (ctx, { body }) => {
    const sent = await sendTest(deps.sendTest, callerOf(ctx).accountId, body);
    ctx.status = 202;
    return { success: true as const, ...sent };
  });

  routes.handle(orderNotifications, async (ctx, { params }) => {
    const mine = forAccount(deps.notifications, callerOf(ctx).accountId);
    const [found, notices] = await Promise.all([
      mine.find({ entryId: params.entryId, kind: 'buyer' }).sort({ createdAt: 1, _id: 1 }).lean(),
      // The seller's replies to queries filed under this order (keyed by their notice id).
      mine
        .find({ orderEntryId: params.entryId, kind: 'buyer_notice' })
        .sort({ createdAt: 1, _id: 1 })
        .lean(),
    ]);
    return {
      success: true as const,
      notices: notices.flatMap((doc) =>
        doc.buyerNotice
          ? [
              {
                id: doc._id.toString(),
                kind: doc.buyerNotice.body.kind,
                queryId: doc.buyerNotice.body.queryId,
                state: doc.state,
                reason: doc.reason,
                to: doc.to,
                subject: doc.subject,
                attempts: doc.attempts,
                lastError: doc.lastError,
                bounce: bounceOf(doc),
                createdAt: doc.createdAt.toISOString(),
                sentAt: iso(doc.sentAt),
              },
            ]
          : [],
      ),
      // Every buyer message has its milestone; the check says so to the types.
      notifications: found.flatMap((doc) =>
        doc.milestone
          ? [
              {
                id: doc._id.toString(),
                milestone: doc.milestone,
                state: doc.state,
                reason: doc.reason,
                to: doc.to,
                subject: doc.subject,
                attempts: doc.attempts,
                lastError: doc.lastError,
                bounce: bounceOf(doc),
                createdAt: doc.createdAt.toISOString(),
                sentAt: iso(doc.sentAt),
              },
            ]
          : [],
      ),
    };
  });

  routes.handle(sellerMessages, async (ctx) => {
    const found = await forAccount(deps.notifications, callerOf(ctx).accountId)
      // A query held for (or sent in) a digest is listed as that digest, not twice.
      .find({ kind: { $in: ['seller', 'digest'] }, heldForDigest: { $ne: true } })
      .sort({ createdAt: -1, _id: -1 })
      .limit(100)
      .lean();
    return {
      success: true as const,
      messages: found.flatMap((doc) => {
        const kind = sellerMessageKindOf(doc);
        if (!kind) return [];
        return [
          {
            id: doc._id.toString(),
            kind,
            state: doc.state,
            reason: doc.reason,
            to: doc.to,
            subject: doc.subject,
            attempts: doc.attempts,
            lastError: doc.lastError,
            bounce: bounceOf(doc),
            queryCount: doc.kind === 'digest' ? (doc.queryCount ?? null) : null,
            createdAt: doc.createdAt.toISOString(),
            sentAt: iso(doc.sentAt),
          },
        ];
      }),
    };
  });

  routes.handle(notificationSuppressions, async (ctx) => {
    const found = await forAccount(deps.suppressions, callerOf(ctx).accountId)
      .find()
      .sort({ createdAt: -1 })
      .limit(1_000)
      .lean();
    return {
      success: true as const,
      suppressions: found.map((doc) => ({
        email: doc.email,
        reason: doc.reason,
        detail: doc.detail,
        createdAt: doc.createdAt.toISOString(),
      })),
    };
  });

  routes.handle(liftSuppression, async (ctx, { body }) => ({
    success: true as const,
    lifted: await lift(deps.suppressions, callerOf(ctx).accountId, body),
  }));

  routes.handle(showUnsubscribe, async (ctx, { params }) =>
    answerUnsubscribe(ctx, await readUnsubscribe(deps.unsubscribe, params.token)),
  );

  routes.handle(unsubscribe, async (ctx, { params }) =>
    answerUnsubscribe(ctx, await confirmUnsubscribe(deps.unsubscribe, params.token)),
  );
}
