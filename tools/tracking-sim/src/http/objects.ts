import { type Place, placeLabel } from '../domain/places.js';
import { type TrackerView } from '../domain/tracker-state.js';
import { type TrackerRecord } from '../state/trackers.js';
import { type WebhookRecord } from '../state/webhooks.js';
import { type Mode } from './auth.js';
import { easyPostTime, localDateAndTime, localTime } from './easypost-json.js';

// The JSON objects EasyPost serves, field for field as its API reference and its published
// sample responses show them (Tracker, TrackingDetail, TrackingLocation, CarrierDetail, Fee,
// Event, Webhook).

export interface TrackingLocationJson {
  object: 'TrackingLocation';
  city: string | null;
  state: string | null;
  country: string | null;
  zip: string | null;
}

export interface TrackingDetailJson {
  object: 'TrackingDetail';
  message: string;
  description: string;
  status: string;
  status_detail: string;
  datetime: string;
  source: string;
  carrier_code: string;
  tracking_location: TrackingLocationJson;
  est_delivery_date: string | null;
  datetime_local: string;
}

export interface CarrierDetailJson {
  object: 'CarrierDetail';
  service: string;
  container_type: string | null;
  est_delivery_date_local: string | null;
  est_delivery_time_local: string | null;
  origin_location: string;
  origin_tracking_location: TrackingLocationJson;
  destination_location: string;
  destination_tracking_location: TrackingLocationJson;
  guaranteed_delivery_date: string | null;
  alternate_identifier: string | null;
  initial_delivery_attempt: string | null;
}

export interface FeeJson {
  object: 'Fee';
  type: 'TrackerFee';
  amount: string;
  charged: boolean;
  refunded: boolean;
}

export interface TrackerJson {
  id: string;
  object: 'Tracker';
  mode: Mode;
  tracking_code: string;
  status: string;
  status_detail: string;
  created_at: string;
  updated_at: string;
  signed_by: string | null;
  weight: number | null;
  est_delivery_date: string | null;
  shipment_id: string | null;
  carrier: string;
  tracking_details: TrackingDetailJson[];
  fees: FeeJson[];
  carrier_detail: CarrierDetailJson;
  finalized: boolean;
  is_return: boolean;
  public_url: string;
}

export interface EventJson {
  object: 'Event';
  id: string;
  mode: Mode;
  description: 'tracker.created' | 'tracker.updated';
  previous_attributes: Record<string, unknown>;
  result?: TrackerJson;
  status: 'completed' | 'failed' | 'in_queue' | 'retrying' | 'pending';
  user_id: string;
  created_at: string;
  updated_at: string;
  pending_urls: string[];
  completed_urls: string[];
}

export interface WebhookJson {
  id: string;
  object: 'Webhook';
  mode: Mode;
  url: string;
  created_at: string;
  disabled_at: string | null;
  custom_headers: { name: string; value: string }[];
}

function locationJson(place: Place | null): TrackingLocationJson {
  return {
    object: 'TrackingLocation',
    city: place?.city ?? null,
    state: place?.state ?? null,
    country: place?.country ?? null,
    zip: place?.zip ?? null,
  };
}

/** `https://…/track/djE6…`: EasyPost's public page link is base64 of `v1:` and the tracker id. */
export function publicToken(trackerId: string): string {
  return Buffer.from(`v1:${trackerId}`).toString('base64url');
}

export function trackerIdOfPublicToken(token: string): string {
  return Buffer.from(token, 'base64url').toString('utf8').replace(/^v1:/, '');
}

/** The Tracker object for a tracker as it is after `view`'s checkpoints. */
export function trackerJson(
  record: TrackerRecord,
  view: TrackerView,
  publicBaseUrl: string,
): TrackerJson {
  const { life } = record;
  const estimate = view.estDeliveryAt;
  const local = estimate === null ? null : localDateAndTime(estimate, life.destination.timeZone);
  return {
    id: record.id,
    object: 'Tracker',
    mode: record.mode,
    tracking_code: record.trackingCode,
    status: view.status,
    status_detail: view.statusDetail,
    created_at: easyPostTime(record.createdAt),
    updated_at: easyPostTime(view.updatedAt),
    signed_by: view.signedBy,
    weight: view.weightOz,
    est_delivery_date: estimate === null ? null : easyPostTime(estimate),
    shipment_id: null,
    carrier: record.carrier,
    tracking_details: view.details.map(({ checkpoint, at }) => {
      const detailEstimate = checkpoint.estimatedDeliveryIndex;
      return {
        object: 'TrackingDetail',
        message: checkpoint.message,
        description: checkpoint.description,
        status: checkpoint.status,
        status_detail: checkpoint.statusDetail,
        datetime: easyPostTime(at),
        source: record.carrier,
        carrier_code: checkpoint.carrierCode,
        tracking_location: locationJson(checkpoint.place),
        est_delivery_date:
          detailEstimate === null
            ? null
            : easyPostTime(record.createdAt + detailEstimate * record.stepMs),
        datetime_local: localTime(at, (checkpoint.place ?? life.origin).timeZone),
      };
    }),
    // Test-mode trackers carry no fee in EasyPost's samples; production ones a TrackerFee.
    fees:
      record.mode === 'test'
        ? []
        : [
            {
              object: 'Fee',
              type: 'TrackerFee',
              amount: '0.02000',
              charged: true,
              refunded: false,
            },
          ],
    carrier_detail: {
      object: 'CarrierDetail',
      service: life.service,
      container_type: null,
      est_delivery_date_local: local?.date ?? null,
      est_delivery_time_local: local?.time ?? null,
      origin_location: placeLabel(life.origin),
      origin_tracking_location: locationJson(life.origin),
      destination_location: placeLabel(life.destination),
      destination_tracking_location: locationJson(life.destination),
      guaranteed_delivery_date: null,
      alternate_identifier: null,
      initial_delivery_attempt:
        view.initialDeliveryAttemptAt === null ? null : easyPostTime(view.initialDeliveryAttemptAt),
    },
    finalized: true,
    is_return: false,
    public_url: `${publicBaseUrl}/track/${publicToken(record.id)}`,
  };
}

export function webhookJson(hook: WebhookRecord, mode: Mode): WebhookJson {
  return {
    id: hook.id,
    object: 'Webhook',
    mode: hook.mode ?? mode,
    url: hook.url,
    created_at: easyPostTime(hook.createdAt),
    disabled_at: hook.disabledAt === null ? null : easyPostTime(hook.disabledAt),
    custom_headers: hook.customHeaders.map((header) => ({ ...header })),
  };
}
