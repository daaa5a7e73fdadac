import type { Context } from 'koa';
import {
  cancelInLocalPortal,
  completeLocalCheckout,
  localCheckoutPage,
  localPortalPage,
  stripeWebhook,
} from '@onvelope/contracts';
import type { ServiceRoutes } from '@onvelope/service-kit';
import type { LocalStripe } from '../use-cases/local-stripe.js';

/**
 * The local checkout and portal pages (stripe-mock only; 404 otherwise, see `localStripe`). Their
 * webhooks go to this very process, at the address the request came in on.
 */
export function registerLocalStripeRoutes(routes: ServiceRoutes, local: LocalStripe) {
  routes.handle(localCheckoutPage, async (ctx, { params }) => {
    html(ctx, await local.checkoutPage(params.sessionId));
  });
  routes.handle(completeLocalCheckout, async (ctx, { params }) => {
    ctx.status = 303;
    ctx.redirect(await local.completeCheckout(params.sessionId, ownWebhookUrl(ctx)));
  });
  routes.handle(localPortalPage, async (ctx, { params }) => {
    html(ctx, await local.portalPage(params.portalId));
  });
  routes.handle(cancelInLocalPortal, async (ctx, { params }) => {
    ctx.status = 303;
    ctx.redirect(await local.cancelSubscription(params.portalId, ownWebhookUrl(ctx)));
  });
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
