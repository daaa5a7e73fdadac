import {
  sellerTimeZoneChanged,
  trackingEntryDeleted,
  trackingEntryUpserted,
} from '@onvelope/contracts';
import { type Logger } from '@onvelope/service-kit/observability';
import { consumeEvents, type EventConsumer, type NatsConnection } from '@onvelope/service-kit/nats';
import type { OrderFactModel } from '../data/order-fact.model.js';
import type { RollupModel } from '../data/rollup.model.js';
import type { TallyModels } from '../data/tally.model.js';
import type { CalendarFor } from '../domain/calendar.js';
import { applyFactChanges } from '../use-cases/apply-tally-changes.js';
import { forgetTrackingEntries } from '../use-cases/forget-tracking-entries.js';
import { recordTrackingEntryChanges } from '../use-cases/record-tracking-entry-changes.js';
import { markRollupDirty } from '../use-cases/refresh-rollup.js';
import type { RollupRefresher } from '../use-cases/rollup-refresher.js';

/** One durable consumer per subject for all svc-analytics instances; they share the work. */
export const trackingEntryConsumerName = 'svc-analytics-entry-changes';
export const trackingEntryDeletionConsumerName = 'svc-analytics-entry-deletions';
export const timeZoneConsumerName = 'svc-analytics-time-zones';

export interface EntryConsumerDeps {
  facts: OrderFactModel;
  rollups: RollupModel;
  tallies: TallyModels;
  calendarFor: CalendarFor;
  refresher: RollupRefresher;
  log: Logger;
}

/**
 * Keeps the order facts in step with svc-orders and the seller's rollup refreshing behind them,
 * and recounts a seller's days when they choose another time zone. Changes and deletions come
 * through two consumers, so their relative order is not guaranteed: deletions leave tombstones
 * that outrank any change. Each message's difference is applied to the seller's tally
 * (`applyFactChanges`). A message is acknowledged once its facts, their difference and the seller's
 * dirty mark are stored, so a refresh lost with this process is found by the sweep.
 */
export async function consumeTrackingEntryChanges(
  nats: NatsConnection,
  { facts, rollups, tallies, calendarFor, refresher, log }: EntryConsumerDeps,
): Promise<EventConsumer> {
  const changed = async (accountId: string) => {
    await markRollupDirty(rollups, accountId);
    refresher.changed(accountId);
  };
  const changes = await consumeEvents(
    nats,
    trackingEntryUpserted,
    trackingEntryConsumerName,
    async ({ payload }) => {
      await applyFactChanges(tallies, calendarFor, payload.accountId, () =>
        recordTrackingEntryChanges(facts, payload),
      );
      await changed(payload.accountId);
    },
    log,
  );
  const deletions = await consumeEvents(
    nats,
    trackingEntryDeleted,
    trackingEntryDeletionConsumerName,
    async ({ payload }) => {
      await applyFactChanges(tallies, calendarFor, payload.accountId, () =>
        forgetTrackingEntries(facts, payload),
      );
      await changed(payload.accountId);
    },
    log,
  ).catch(async (error: unknown) => {
    await changes.stop();
    throw error;
  });
  const timeZones = await consumeEvents(
    nats,
    sellerTimeZoneChanged,
    timeZoneConsumerName,
    ({ payload }) => changed(payload.accountId),
    log,
  ).catch(async (error: unknown) => {
    await Promise.all([changes.stop(), deletions.stop()]);
    throw error;
  });
  return {
    async stop() {
      await Promise.all([changes.stop(), deletions.stop(), timeZones.stop()]);
    },
  };
}
