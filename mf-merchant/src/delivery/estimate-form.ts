import { countryNames, MAX_ESTIMATE_LANES, type DeliveryEstimateRule } from '@onvelope/contracts';

/** The form as typed: every number still text, so a half-typed value is kept as the seller left it. */
export interface EstimateForm {
  processingDays: string;
  domesticTransitDays: string;
  internationalTransitDays: string;
  lanes: { key: number; country: string; carrier: string; transitDays: string }[];
}

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

/** The form until the seller's rule has loaded (not shown: the tab says it is loading). */
export const unloadedForm: EstimateForm = {
  processingDays: '',
  domesticTransitDays: '',
  internationalTransitDays: '',
  lanes: [],
};

export function emptyLane(): EstimateForm['lanes'][number] {
  return { key: nextKey(), country: '', carrier: '', transitDays: '' };
}

export const canAddLane = (form: EstimateForm) => form.lanes.length < MAX_ESTIMATE_LANES;

/** Countries by the name every screen shows, for the destination list. */
export const countryChoices = Object.entries(countryNames)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** A number of days as typed; NaN (which the contract refuses) while it is not a whole number. */
function days(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The rule the form describes, as `saveDeliveryEstimateRule` takes it: the contract's
 * `deliveryEstimateRule` checks it (in its words, at `processingDays`, `lanes.2.country`, …)
 * before anything is sent.
 */
export function ruleOf(form: EstimateForm): DeliveryEstimateRule {
  return {
    processingDays: days(form.processingDays),
    domesticTransitDays: days(form.domesticTransitDays),
    internationalTransitDays: days(form.internationalTransitDays),
    lanes: form.lanes.map((lane) => ({
      country: lane.country,
      carrier: lane.carrier.trim() || null,
      transitDays: days(lane.transitDays),
    })),
  };
}

/**
 * The lane that repeats an earlier one's country and carrier, or -1: the contract refuses the
 * repeat for the whole list (`lanes`), and the form shows it at that lane's country.
 */
export function repeatedLaneOf(form: EstimateForm): number {
  const seen = new Set<string>();
  return form.lanes.findIndex((lane) => {
    const key = `${lane.country}|${lane.carrier.trim().toLowerCase()}`;
    if (lane.country && seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}
