import { easyPostWebhook, refreshShipments } from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { badRequest, HttpError } from '@onvelope/service-kit/errors';
import { callerOf } from '@onvelope/service-kit/auth';
import { readRawBody, type ServiceRoutes } from '@onvelope/service-kit/http';
import { WebhookSignatureError } from '../data/tracking-provider.js';
import type { TrackerReportIntake } from '../use-cases/take-tracker-reports.js';
import { refreshAccountShipments, type TrackingDeps } from '../use-cases/track-shipments.js';

/** A tracker Event is a few kilobytes, its checkpoints included; anything near this is not one. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

export const trackingMessages = {
  notConfigured: 'Live tracking is not configured',
  badSignature: 'The webhook signature does not match',
  notJson: 'The body is not a tracking event',
  refreshed: (count: number) =>
    count === 1
      ? 'Asked the carrier about 1 shipment; its news follows in a moment'
      : `Asked the carriers about ${count} shipments; their news follows in a moment`,
} as const;

/** Live tracking's parts the routes call on; none when no provider is configured. */
export interface TrackingRoutesDeps {
  deps: TrackingDeps;
  reports: TrackerReportIntake;
}

/**
 * Live tracking's calls. The provider's webhook: the signature is checked before anything is read
 * from the body or stored (forged or unsigned: 401), and the tracker it reports on is passed on to
 * svc-orders, in a batch with the Events arriving meanwhile; 200 only once it is published. The
 * seller's refresh: the carriers are asked again about their shipments on the way.
 */
export function registerTrackingRoutes(
  routes: ServiceRoutes,
  tracking: TrackingRoutesDeps | null,
  log: Logger,
) {
  routes.handle(easyPostWebhook, async (ctx) => {
    if (!tracking) throw new HttpError(503, trackingMessages.notConfigured);
    const rawBody = await readRawBody(ctx, MAX_WEBHOOK_BYTES);
    let tracker;
    try {
      tracker = tracking.deps.provider.readWebhook(rawBody, ctx.req.headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        throw new HttpError(401, trackingMessages.badSignature);
      }
      throw badRequest(trackingMessages.notJson);
    }
    if (tracker) {
      const shipments = await tracking.reports.take(tracker);
      ((ctx.state.log as Logger | undefined) ?? log).debug(
        { trackerId: tracker.trackerId, status: tracker.delivery.carrierStatus, shipments },
        'tracker report',
      );
    }
    return { received: true as const };
  });

  routes.handle(refreshShipments, async (ctx) => {
    if (!tracking) throw new HttpError(503, trackingMessages.notConfigured);
    const refreshed = await refreshAccountShipments(tracking.deps, callerOf(ctx).accountId);
    return { refreshed, message: trackingMessages.refreshed(refreshed) };
  });
}
