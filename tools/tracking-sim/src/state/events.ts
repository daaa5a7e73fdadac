import { type Mode } from '../http/auth.js';
import { type TrackerJson } from '../http/objects.js';

export type DeliveryState = 'pending' | 'retrying' | 'delivered' | 'failed' | 'lost';

export interface DeliveryAttempt {
  /** Epoch ms the request was sent. */
  at: number;
  /** The receiver's HTTP status, or null when it did not answer. */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** A copy sent by the `webhookDuplicate` fault. */
  copy: boolean;
}

/** One event on its way to one webhook. */
export interface DeliveryRecord {
  id: string;
  eventId: string;
  description: EventRecord['description'];
  trackerId: string;
  trackingCode: string;
  /** The tracker's status in the event. */
  trackerStatus: string;
  webhookId: string;
  url: string;
  state: DeliveryState;
  /** Faults applied to it. */
  faults: ('lost' | 'duplicated' | 'reordered')[];
  attempts: DeliveryAttempt[];
  createdAt: number;
}

/** An Event as published: what webhook bodies and `/v2/events` are made from. */
export interface EventRecord {
  id: string;
  mode: Mode;
  description: 'tracker.created' | 'tracker.updated';
  previousAttributes: Record<string, unknown>;
  result: TrackerJson;
  trackerId: string;
  createdAt: number;
  updatedAt: number;
  /** The URLs of the webhooks it was published to. */
  urls: string[];
  completedUrls: string[];
  deliveries: DeliveryRecord[];
}

export function eventStatus(
  event: EventRecord,
): 'completed' | 'failed' | 'in_queue' | 'retrying' | 'pending' {
  const states = event.deliveries.map((delivery) => delivery.state);
  if (states.length === 0) return 'pending';
  if (states.includes('failed')) return 'failed';
  if (states.includes('retrying')) return 'retrying';
  if (states.includes('pending')) return 'in_queue';
  return 'completed';
}

const retained = 5_000;

/** Published events, newest last, and their deliveries (the oldest are forgotten past 5,000). */
export class EventLog {
  private events: EventRecord[] = [];
  private readonly byId = new Map<string, EventRecord>();
  private deliverySeq = 0;

  add(event: EventRecord): EventRecord {
    this.events.push(event);
    this.byId.set(event.id, event);
    if (this.events.length > retained) {
      for (const old of this.events.splice(0, this.events.length - retained)) {
        this.byId.delete(old.id);
      }
    }
    return event;
  }

  nextDeliveryId(): string {
    this.deliverySeq += 1;
    return `dlv_${this.deliverySeq}`;
  }

  get(id: string): EventRecord | undefined {
    return this.byId.get(id);
  }

  /** Oldest first. */
  list(): EventRecord[] {
    return [...this.events];
  }

  deliveries(): DeliveryRecord[] {
    return this.events.flatMap((event) => event.deliveries);
  }

  clear(): void {
    this.events = [];
    this.byId.clear();
  }
}
