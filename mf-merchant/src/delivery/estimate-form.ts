import {
  countryNames,
  deliveryEstimateMessages,
  MAX_ESTIMATE_LANES,
  type DeliveryEstimateRule,
} from '@onvelope/contracts';

/** The form as typed: every number still text, so a half-typed value is kept as the seller left it. */
export interface EstimateForm {
  processingDays: string;
  domesticTransitDays: string;
  internationalTransitDays: string;
  lanes: { key: number; country: string; carrier: string; transitDays: string }[];
}

export type EstimateFormErrors = Record<string, string>;

let laneKeys = 0;
const nextKey = () => (laneKeys += 1);

export function formOf(rule: DeliveryEstimateRule): EstimateForm {
  return {
    processingDays: String(rule.processingDays),
    domesticTransitDays: String(rule.domesticTransitDays),
    internationalTransitDays: String(rule.internationalTransitDays),
    lanes: rule.lanes.map((lane) => ({
      key: nextKey(),
      country: lane.country,
      carrier: lane.carrier ?? '',
      transitDays: String(lane.transitDays),
    })),
  };
}

export function emptyLane(): EstimateForm['lanes'][number] {
  return { key: nextKey(), country: '', carrier: '', transitDays: '' };
}

export const canAddLane = (form: EstimateForm) => form.lanes.length < MAX_ESTIMATE_LANES;

/** Countries by the name every screen shows, for the destination list. */
export const countryChoices = Object.entries(countryNames)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

function days(text: string, max: number): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= max ? value : null;
}

/**
 * The rule the form describes, or the errors by field (`processingDays`, `lanes.2.country`, …) in
 * the contract's words, so the seller sees them before anything is sent.
 */
export function ruleOf(
  form: EstimateForm,
): { rule: DeliveryEstimateRule } | { errors: EstimateFormErrors } {
  const errors: EstimateFormErrors = {};
  const processingDays = days(form.processingDays, 30);
  if (processingDays === null) errors.processingDays = deliveryEstimateMessages.processingDays;
  const domesticTransitDays = days(form.domesticTransitDays, 90);
  if (domesticTransitDays === null) errors.domesticTransitDays = deliveryEstimateMessages.days;
  const internationalTransitDays = days(form.internationalTransitDays, 90);
  if (internationalTransitDays === null) {
    errors.internationalTransitDays = deliveryEstimateMessages.days;
  }
  const seen = new Set<string>();
  const lanes = form.lanes.map((lane, index) => {
    const transitDays = days(lane.transitDays, 90);
    if (!lane.country) errors[`lanes.${index}.country`] = deliveryEstimateMessages.country;
    if (transitDays === null) errors[`lanes.${index}.transitDays`] = deliveryEstimateMessages.days;
    const carrier = lane.carrier.trim() || null;
    const key = `${lane.country}|${carrier?.toLowerCase() ?? ''}`;
    if (lane.country && seen.has(key)) {
      errors[`lanes.${index}.country`] = deliveryEstimateMessages.duplicateLane;
    }
    seen.add(key);
    return { country: lane.country, carrier, transitDays: transitDays ?? 0 };
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    rule: {
      processingDays: processingDays ?? 0,
      domesticTransitDays: domesticTransitDays ?? 0,
      internationalTransitDays: internationalTransitDays ?? 0,
      lanes,
    },
  };
}
