import type { NotificationMilestone, ProblemKind } from '@onvelope/contracts';
import type { NotificationSettingsModel } from '../data/notification-settings.model.js';
import { sampleOrder } from '../domain/message-content.js';
import { signPreviewToken, verifyPreviewToken } from '../domain/preview-token.js';
import { renderMessage, type RenderedMessage } from '../templates/render-message.js';
import { settingsOf } from './notification-settings.js';
import type { SellerFactsReader } from './seller-facts.js';

export interface PreviewDeps {
  settings: NotificationSettingsModel;
  sellers: SellerFactsReader;
  /** Signs the preview page's address (the unsubscribe secret, under a label of its own). */
  secret: string;
  publicSiteUrl: string;
  itemsShown: number;
  now: () => Date;
}

/** How long a preview page's address opens it: long enough to look, too short to pass around. */
export const PREVIEW_PAGE_MS = 10 * 60_000;

/**
 * The Content-Security-Policy of the preview page: the message's inline styles and its https images
 * (the seller's logo) and nothing else: no script, no form, no connection, no base. Framed only by
 * the site's own pages (the gateway serves both); `X-Frame-Options` repeats it for old browsers.
 */
export const previewPagePolicy = [
  `default-src 'none'`,
  `style-src 'unsafe-inline'`,
  `img-src https: data:`,
  `font-src https: data:`,
  `base-uri 'none'`,
  `form-action 'none'`,
  `frame-ancestors 'self'`,
].join('; ');

/** A milestone's message with the sample order, in the seller's saved look. */
export async function renderPreview(
  deps: PreviewDeps,
  accountId: string,
  milestone: NotificationMilestone,
  problem: ProblemKind | null,
): Promise<RenderedMessage> {
  const [seller, settings] = await Promise.all([
    deps.sellers.factsOf(accountId),
    settingsOf(deps.settings, accountId),
  ]);
  const order = sampleOrder(deps.now());
  const site = deps.publicSiteUrl.replace(/\/+$/, '');
  return renderMessage({
    milestone,
    problem: milestone === 'problem' ? (problem ?? 'failed_attempt') : null,
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
}

/** The preview, and the signed address of the same message as a page of its own. */
export async function previewWithPage(
  deps: PreviewDeps,
  accountId: string,
  milestone: NotificationMilestone,
  problem: ProblemKind | null,
) {
  const rendered = await renderPreview(deps, accountId, milestone, problem);
  const expiresAt = new Date(deps.now().getTime() + PREVIEW_PAGE_MS);
  const token = signPreviewToken(deps.secret, { accountId, milestone, problem, expiresAt });
  return {
    ...rendered,
    pageUrl: `/api/notify/preview-page/${token}`,
    pageExpiresAt: expiresAt.toISOString(),
  };
}

/** The page's HTML for a genuine address still in time, else null. */
export async function previewPage(deps: PreviewDeps, token: string): Promise<string | null> {
  const claims = verifyPreviewToken(deps.secret, token, deps.now());
  if (!claims) return null;
  const rendered = await renderPreview(deps, claims.accountId, claims.milestone, claims.problem);
  return rendered.html;
}
