import {
  AdminError,
  asyncOperations,
  faultAndRequestOperations,
  type FaultAndRequestAdmin,
} from '@onvelope/sim-kit';
import { detectCarrier, normaliseCarrier, normaliseTrackingCode } from './domain/carriers.js';
import {
  describeLife,
  lifeFor,
  LifeError,
  type LifeKind,
  type TrackerStatus,
} from './domain/life.js';
import { placeLabel } from './domain/places.js';
import { type Mode } from './http/auth.js';
import { easyPostTime } from './http/easypost-json.js';
import { type DeliveryRecord, type DeliveryState } from './state/events.js';
import { type Faults } from './state/faults.js';
import { type RequestFilter, type RequestRecord } from './state/request-log.js';
import { type SimState } from './state/sim-state.js';
import { viewOf } from './state/trackers.js';
import { isWebhookUrl, type CustomHeader, type WebhookRecord } from './state/webhooks.js';

export interface TrackerSummary {
  id: string;
  mode: Mode;
  trackingCode: string;
  carrier: string;
  service: string;
  kind: LifeKind;
  /** Where it goes and how its life ends, in words. */
  life: string;
  status: TrackerStatus;
  statusDetail: string;
  finalStatus: TrackerStatus;
  /** Checkpoints in its life, those that have happened, and those published as events. */
  checkpoints: number;
  happened: number;
  published: number;
  complete: boolean;
  createdAt: string;
  estDeliveryDate: string | null;
}

export interface TrackerFilter {
  trackingCode?: string;
  mode?: Mode;
}

export interface LifePreview {
  trackingCode: string;
  carrier: string;
  service: string;
  kind: LifeKind;
  finalStatus: TrackerStatus;
  origin: string;
  destination: string;
  weightOz: number | null;
  signedBy: string | null;
  /** Each checkpoint and how long after creation it happens at the simulator's time scale. */
  checkpoints: {
    afterMs: number;
    status: TrackerStatus;
    statusDetail: string;
    message: string;
    location: string | null;
  }[];
}

export interface WebhookOptions {
  url: string;
  /** Signs every body (X-Hmac-Signature); without it bodies go unsigned. */
  secret?: string | null;
  /** Only events of this mode; both when left out. */
  mode?: Mode | null;
  customHeaders?: CustomHeader[];
}

export interface WebhookSummary {
  id: string;
  url: string;
  mode: Mode | null;
  signed: boolean;
  customHeaders: CustomHeader[];
  source: 'config' | 'api';
  createdAt: string;
}

export interface DeliveryFilter {
  trackingCode?: string;
  trackerId?: string;
  description?: 'tracker.created' | 'tracker.updated';
  state?: DeliveryState;
  webhookId?: string;
}

export interface DeliverySummary {
  id: string;
  eventId: string;
  description: 'tracker.created' | 'tracker.updated';
  trackerId: string;
  trackingCode: string;
  trackerStatus: string;
  webhookId: string;
  url: string;
  state: DeliveryState;
  faults: ('lost' | 'duplicated' | 'reordered')[];
  attempts: {
    at: string;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    copy: boolean;
  }[];
  createdAt: string;
}

/**
 * Controls a running simulator: the same operations in process (from `startTrackingSim`) and over
 * HTTP (`connectTrackingSimAdmin`, for a simulator in another process).
 */
export interface TrackingSimAdmin extends FaultAndRequestAdmin<
  Faults,
  RequestFilter,
  RequestRecord
> {
  /** Trackers, newest first. */
  listTrackers(filter?: TrackerFilter): Promise<TrackerSummary[]>;
  /** The life a tracking code would live, without creating a tracker. */
  previewLife(trackingCode: string, carrier?: string): Promise<LifePreview>;
  addWebhook(options: WebhookOptions): Promise<WebhookSummary>;
  listWebhooks(): Promise<WebhookSummary[]>;
  /** False when there is no such webhook. */
  removeWebhook(id: string): Promise<boolean>;
  /** Webhook deliveries, oldest first. */
  deliveries(filter?: DeliveryFilter): Promise<DeliverySummary[]>;
  /** Moves the simulator's clock forward, so lives happen sooner; answers the total offset in ms. */
  advanceClock(ms: number): Promise<number>;
  /** Forgets trackers, events, deliveries, faults and requests, and puts the clock back. Webhooks stay. */
  reset(): Promise<void>;
}

export function webhookSummary(hook: WebhookRecord): WebhookSummary {
  return {
    id: hook.id,
    url: hook.url,
    mode: hook.mode,
    signed: hook.secret !== null,
    customHeaders: hook.customHeaders.map((header) => ({ ...header })),
    source: hook.source,
    createdAt: easyPostTime(hook.createdAt),
  };
}

function deliverySummary(delivery: DeliveryRecord): DeliverySummary {
  return {
    ...delivery,
    faults: [...delivery.faults],
    attempts: delivery.attempts.map((attempt) => ({
      ...attempt,
      at: new Date(attempt.at).toISOString(),
    })),
    createdAt: new Date(delivery.createdAt).toISOString(),
  };
}

/** Checks webhook options from an operator (env, start options or the admin API). */
export function readWebhookOptions(options: WebhookOptions): WebhookOptions {
  if (!isWebhookUrl(options.url)) throw new AdminError('url must be an http(s) URL');
  if (
    options.secret !== undefined &&
    options.secret !== null &&
    typeof options.secret !== 'string'
  ) {
    throw new AdminError('secret must be a string');
  }
  if (
    options.mode !== undefined &&
    options.mode !== null &&
    !['test', 'production'].includes(options.mode)
  ) {
    throw new AdminError('mode must be "test" or "production"');
  }
  return options;
}

/** The admin operations on the simulator's own state. */
export function createLocalAdmin(
  state: SimState,
  onClockMoved: () => void = () => undefined,
): TrackingSimAdmin {
  return asyncOperations({
    listTrackers: (filter: TrackerFilter = {}): TrackerSummary[] => {
      const now = state.now();
      return state.trackers
        .list({
          ...(filter.mode ? { mode: filter.mode } : {}),
          ...(filter.trackingCode
            ? { trackingCode: normaliseTrackingCode(filter.trackingCode) }
            : {}),
        })
        .map((record) => {
          const view = viewOf(record, now);
          return {
            id: record.id,
            mode: record.mode,
            trackingCode: record.trackingCode,
            carrier: record.carrier,
            service: record.life.service,
            kind: record.life.kind,
            life: describeLife(record.life),
            status: view.status,
            statusDetail: view.statusDetail,
            finalStatus: record.life.finalStatus,
            checkpoints: record.life.checkpoints.length,
            happened: view.details.length,
            published: record.published,
            complete: view.complete,
            createdAt: new Date(record.createdAt).toISOString(),
            estDeliveryDate: view.estDeliveryAt === null ? null : easyPostTime(view.estDeliveryAt),
          };
        });
    },
    previewLife: (trackingCode: string, carrier?: string): LifePreview => {
      const code = normaliseTrackingCode(String(trackingCode ?? ''));
      const chosen = carrier ? normaliseCarrier(carrier) : detectCarrier(code);
      if (!chosen) throw new AdminError(`no carrier detected for ${code}; name one`);
      let life;
      try {
        life = lifeFor(code, chosen);
      } catch (error) {
        if (error instanceof LifeError) throw new AdminError(error.message);
        throw error;
      }
      return {
        trackingCode: code,
        carrier: life.carrier,
        service: life.service,
        kind: life.kind,
        finalStatus: life.finalStatus,
        origin: placeLabel(life.origin),
        destination: placeLabel(life.destination),
        weightOz: life.weightOz,
        signedBy: life.signedBy,
        checkpoints: life.checkpoints.map((checkpoint, index) => ({
          afterMs: index * state.config.stepMs,
          status: checkpoint.status,
          statusDetail: checkpoint.statusDetail,
          message: checkpoint.message,
          location: checkpoint.place ? placeLabel(checkpoint.place) : null,
        })),
      };
    },
    addWebhook: (options: WebhookOptions) =>
      webhookSummary(state.webhooks.add(readWebhookOptions(options), 'config', state.now())),
    listWebhooks: () => state.webhooks.list().map(webhookSummary),
    removeWebhook: (id: string) => state.webhooks.remove(id),
    deliveries: (filter: DeliveryFilter = {}) =>
      state.events
        .deliveries()
        .filter(
          (delivery) =>
            (filter.trackingCode === undefined ||
              delivery.trackingCode === normaliseTrackingCode(filter.trackingCode)) &&
            (filter.trackerId === undefined || delivery.trackerId === filter.trackerId) &&
            (filter.description === undefined || delivery.description === filter.description) &&
            (filter.state === undefined || delivery.state === filter.state) &&
            (filter.webhookId === undefined || delivery.webhookId === filter.webhookId),
        )
        .map(deliverySummary),
    ...faultAndRequestOperations(state.faults, state.requests),
    advanceClock: (ms: number) => {
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw new AdminError('ms must be a number of at least 0');
      }
      state.clockOffsetMs += ms;
      onClockMoved();
      return state.clockOffsetMs;
    },
    reset: () => {
      state.trackers.clear();
      state.events.clear();
      state.faults.clear();
      state.requests.reset();
      state.clockOffsetMs = 0;
    },
  });
}
