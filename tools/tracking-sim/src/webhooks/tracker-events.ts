import { viewAfter, visibleCount } from '../domain/tracker-state.js';
import { trackerJson } from '../http/objects.js';
import { type EventRecord } from '../state/events.js';
import { easyPostId } from '../state/ids.js';
import { type SimState } from '../state/sim-state.js';
import { type TrackerRecord } from '../state/trackers.js';
import { type WebhookDispatcher } from './dispatcher.js';

// EasyPost's reference says only "previous values of relevant result attributes"; the simulator
// lists, of these, the ones that changed.
const watched = ['status', 'status_detail', 'est_delivery_date'] as const;

/**
 * Turns trackers' lives into Events: `tracker.created` when a tracker is created, then one
 * `tracker.updated` per checkpoint as its time comes (a scheduler looks every `tickMs`).
 */
export class TrackerEvents {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly state: SimState,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  start(tickMs: number): void {
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  created(record: TrackerRecord): EventRecord {
    const count = visibleCount(record.life, this.state.now() - record.createdAt, record.stepMs);
    record.published = count;
    return this.publish(record, 'tracker.created', count, count);
  }

  /** Publishes every checkpoint whose time has come, one event each, in order. */
  tick(): void {
    const now = this.state.now();
    for (const record of this.state.trackers.all()) {
      const count = visibleCount(record.life, now - record.createdAt, record.stepMs);
      while (record.published < count) {
        record.published += 1;
        this.publish(record, 'tracker.updated', record.published - 1, record.published);
      }
    }
  }

  private publish(
    record: TrackerRecord,
    description: EventRecord['description'],
    before: number,
    after: number,
  ): EventRecord {
    const view = (count: number) =>
      trackerJson(
        record,
        viewAfter(record.life, count, record.createdAt, record.stepMs),
        this.state.publicUrl,
      );
    const result = view(after);
    const previous = view(before);
    const previousAttributes: Record<string, unknown> = {};
    if (description === 'tracker.updated') {
      for (const key of watched) {
        if (previous[key] !== result[key]) previousAttributes[key] = previous[key];
      }
    }
    const now = this.state.now();
    const event = this.state.events.add({
      id: easyPostId('evt'),
      mode: record.mode,
      description,
      previousAttributes,
      result,
      trackerId: record.id,
      createdAt: now,
      updatedAt: now,
      urls: [],
      completedUrls: [],
      deliveries: [],
    });
    this.dispatcher.publish(event, record.mode);
    return event;
  }
}
