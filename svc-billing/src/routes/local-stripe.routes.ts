import type { Context } from 'koa';
import {
  cancelInLocalPortal,
  completeLocalCheckout,
  localCheckoutPage,
  localCheckoutView,
  localPagesScript,
  localPagesStyle,
  localPortalPage,
  localPortalView,
  stripeWebhook,
} from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import {
  localPagesScript as script,
  localPagesStyle as style,
} from '../use-cases/local-stripe-pages.js';
import type { LocalStripe } from '../use-cases/local-stripe.js';

/**
 * The local checkout and portal pages (stripe-mock only; 404 otherwise, see `localStripe`). A page
 * is public and holds nothing of the seller's; its content and its button need the owner's
 * session. Their webhooks go to this very process, at the address the request came in on.
 */
export function registerLocalStripeRoutes(routes: ServiceRoutes, local: LocalStripe) {
  routes.handle(localCheckoutPage, async (ctx, { params }) => {
    html(ctx, local.checkoutFrame(params.sessionId));
  });
  routes.handle(localCheckoutView, async (ctx, { params }) => ({
    html: await local.checkoutView(params.sessionId, callerOf(ctx).accountId),
  }));
  routes.handle(completeLocalCheckout, async (ctx, { params }) => ({
    redirectTo: await local.completeCheckout(
      params.sessionId,
      callerOf(ctx).accountId,
      ownWebhookUrl(ctx),
    ),
  }));
  routes.handle(localPortalPage, async (ctx, { params }) => {
    html(ctx, local.portalFrame(params.portalId));
  });
  routes.handle(localPortalView, async (ctx, { params }) => ({
    html: await local.portalView(params.portalId, callerOf(ctx).accountId),
  }));
  routes.handle(cancelInLocalPortal, async (ctx, { params }) => ({
    redirectTo: await local.cancelSubscription(
      params.portalId,
      callerOf(ctx).accountId,
      ownWebhookUrl(ctx),
    ),
  }));
  routes.handle(localPagesScript, async (ctx) => {
    asset(ctx, 'text/javascript; charset=utf-8', script);
  });
  routes.handle(localPagesStyle, async (ctx) => {
    asset(ctx, 'text/css; charset=utf-8', style);
  });

  function asset(ctx: Context, type: string, body: string) {
    local.ensureMock();
    ctx.type = type;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = body;
  }
}

function html(ctx: Context, body: string) {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

function ownWebhookUrl(ctx: Context): string {
  const address = ctx.socket.localAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${ctx.socket.localPort}${stripeWebhook.path}`;
}
