import { easyPostWebhook } from '@onvelope/contracts';
import {
  badRequest,
  HttpError,
  readRawBody,
  type Logger,
  type ServiceRoutes,
} from '@onvelope/service-kit';
import { WebhookSignatureError } from '../data/tracking-provider.js';
import { takeTrackerReport, type TrackingDeps } from '../use-cases/track-shipments.js';

/** A tracker Event is a few kilobytes, its checkpoints included; anything near this is not one. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

export const trackingWebhookMessages = {
  notConfigured: 'Live tracking is not configured',
  badSignature: 'The webhook signature does not match',
  notJson: 'The body is not a tracking event',
} as const;

/**
 * The tracking provider's webhook: the signature is checked before anything is read from the
 * body or stored (forged or unsigned: 401); the tracker it reports on is passed on to svc-orders.
 */
export function registerTrackingWebhookRoutes(
  routes: ServiceRoutes,
  deps: TrackingDeps | null,
  log: Logger,
) {
  routes.handle(easyPostWebhook, async (ctx) => {
    if (!deps) throw new HttpError(503, trackingWebhookMessages.notConfigured);
    const rawBody = await readRawBody(ctx, MAX_WEBHOOK_BYTES);
    let tracker;
    try {
      tracker = deps.provider.readWebhook(rawBody, ctx.req.headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        throw new HttpError(401, trackingWebhookMessages.badSignature);
      }
      throw badRequest(trackingWebhookMessages.notJson);
    }
    if (tracker) {
      const shipments = await takeTrackerReport(deps, tracker);
      ((ctx.state.log as Logger | undefined) ?? log).debug(
        { trackerId: tracker.trackerId, status: tracker.delivery.carrierStatus, shipments },
        'tracker report',
      );
    }
    return { received: true as const };
  });
}
