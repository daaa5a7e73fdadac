import type { Context } from 'koa';
import {
  getNotificationSettings,
  notificationSuppressions,
  orderNotifications,
  previewNotification,
  sellerMessages,
  sendTestNotification,
  showUnsubscribe,
  unsubscribe,
  updateNotificationSettings,
} from '@onvelope/contracts';
import { callerOf, forAccount, type ServiceRoutes } from '@onvelope/service-kit';
import type { NotificationModel } from '../data/notification.model.js';
import { sellerMessageKindOf } from '../use-cases/seller-messages.js';
import type { NotificationSettingsModel } from '../data/notification-settings.model.js';
import type { SuppressionModel } from '../data/suppression.model.js';
import { sampleOrder } from '../domain/message-content.js';
import { renderMessage } from '../templates/render-message.js';
import { unsubscribePage } from '../templates/unsubscribe-page.js';
import { settingsOf, updateSettings } from '../use-cases/notification-settings.js';
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
  publicSiteUrl: string;
  itemsShown: number;
  now: () => Date;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

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

  routes.handle(previewNotification, async (ctx, { params, query }) => {
    const { accountId } = callerOf(ctx);
    const [seller, settings] = await Promise.all([
      deps.sellers.factsOf(accountId),
      settingsOf(deps.settings, accountId),
    ]);
    const order = sampleOrder(deps.now());
    const site = deps.publicSiteUrl.replace(/\/+$/, '');
    const rendered = await renderMessage({
      milestone: params.milestone,
      problem: params.milestone === 'problem' ? (query.problem ?? 'failed_attempt') : null,
      order,
      seller: {
        storeName: seller.storeName,
        timeZone: seller.timeZone,
        logoUrl: settings.logoUrl,
        accentColor: settings.accentColor,
      },
      trackingUrl: `${site}/track?order=${order.orderNumber}`,
      unsubscribeUrl: `${site}/api/notify/unsubscribe/preview`,
      itemsShown: deps.itemsShown,
    });
    return { success: true as const, ...rendered };
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

  routes.handle(showUnsubscribe, async (ctx, { params }) =>
    answerUnsubscribe(ctx, await readUnsubscribe(deps.unsubscribe, params.token)),
  );

  routes.handle(unsubscribe, async (ctx, { params }) =>
    answerUnsubscribe(ctx, await confirmUnsubscribe(deps.unsubscribe, params.token)),
  );
}
