import { carrierStatuses, type CarrierStatus, type DeliveryRecord } from '@onvelope/contracts';

/** The fields of an EasyPost Tracker this product reads (EasyPost's Tracker object reference). */
export interface EasyPostTrackerJson {
  id: string;
  tracking_code: string;
  status?: string | null;
  status_detail?: string | null;
  signed_by?: string | null;
  est_delivery_date?: string | null;
  carrier?: string | null;
  public_url?: string | null;
  updated_at?: string | null;
  created_at?: string | null;
  tracking_details?: {
    message?: string | null;
    description?: string | null;
    status?: string | null;
    status_detail?: string | null;
    datetime?: string | null;
    tracking_location?: {
      city?: string | null;
      state?: string | null;
      country?: string | null;
    } | null;
  }[];
}

const known = new Set<string>(carrierStatuses);
const carrierStatusOf = (status: string | null | undefined): CarrierStatus =>
  status && known.has(status) ? (status as CarrierStatus) : 'unknown';

const isoOrNull = (value: string | null | undefined) => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

const placeOf = (
  location: NonNullable<EasyPostTrackerJson['tracking_details']>[number]['tracking_location'],
) => {
  const parts = [location?.city, location?.state, location?.country].filter(
    (part): part is string => !!part?.trim(),
  );
  return parts.length ? parts.join(', ') : null;
};

/**
 * What an EasyPost Tracker says of a shipment, in the product's terms. Checkpoints are sorted
 * oldest first and keep only those with a readable time; the delivery time is the delivered
 * checkpoint's.
 */
export function deliveryOfEasyPostTracker(tracker: EasyPostTrackerJson): DeliveryRecord {
  const checkpoints = (tracker.tracking_details ?? [])
    .flatMap((detail) => {
      const at = isoOrNull(detail.datetime);
      if (!at) return [];
      return [
        {
          at,
          status: carrierStatusOf(detail.status),
          statusDetail: detail.status_detail ?? null,
          message: detail.message?.trim() || detail.description?.trim() || '',
          place: placeOf(detail.tracking_location),
        },
      ];
    })
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const carrierStatus = carrierStatusOf(tracker.status);
  const deliveredAt =
    carrierStatus === 'delivered'
      ? ([...checkpoints].reverse().find((checkpoint) => checkpoint.status === 'delivered')?.at ??
        null)
      : null;
  return {
    provider: 'easypost',
    trackerId: tracker.id,
    carrier: tracker.carrier ?? null,
    carrierStatus,
    statusDetail: tracker.status_detail ?? null,
    checkpoints,
    estimatedDeliveryAt: isoOrNull(tracker.est_delivery_date),
    signedBy: tracker.signed_by?.trim() || null,
    carrierUrl: tracker.public_url ?? null,
    deliveredAt,
    carrierUpdatedAt:
      isoOrNull(tracker.updated_at) ?? isoOrNull(tracker.created_at) ?? new Date(0).toISOString(),
  };
}

/**
 * EasyPost's carrier codes for the couriers svc-orders normalises sellers' entries to
 * (`domain/carriers.ts` there); any other courier is left for EasyPost to detect from the code.
 */
const easyPostCarriers: Record<string, string> = {
  'Royal Mail': 'RoyalMail',
  Parcelforce: 'Parcelforce',
  DPD: 'DPDUK',
  Evri: 'Evri',
  DHL: 'DHLExpress',
  UPS: 'UPS',
  FedEx: 'FedEx',
  USPS: 'USPS',
};

export const easyPostCarrierOf = (courier: string | null | undefined): string | undefined =>
  courier ? easyPostCarriers[courier.trim()] : undefined;
