import type { Connection } from 'mongoose';
import type { Metrics } from '@onvelope/service-kit/observability';
import { shipmentTrackerModel } from '../data/shipment-tracker.model.js';

/**
 * What operators watch svc-sync's tracker registrations by (issue 40): the shipments waiting for
 * the provider to track them, due now or waiting out a retry pause or another replica's claim.
 * The chart's KEDA trigger counts the same documents (`state: pending`). Both reads are served by
 * the `{state, nextAttemptAt}` index the registrations' claim uses.
 */
export function watchRegistrations(metrics: Metrics, db: Connection, now = () => new Date()) {
  metrics.gauge({
    name: 'tracking_registrations_pending',
    help: 'Shipments waiting to be registered with the tracking provider, due now or later (the same figure on every replica)',
    labelNames: ['due'],
    async collect() {
      const model = shipmentTrackerModel(db);
      const at = now();
      // Every seller's shipments at once: an operator's figure, not a tenant's read.
      const [dueNow, later] = await Promise.all([
        model.countDocuments({ state: 'pending', nextAttemptAt: { $lte: at } }),
        model.countDocuments({ state: 'pending', nextAttemptAt: { $gt: at } }),
      ]);
      this.set({ due: 'now' }, dueNow);
      this.set({ due: 'later' }, later);
    },
  });
}
