import { selectablePlans, type PlanView, type SelectablePlan } from '@onvelope/contracts';
import type { PlanId } from './subscription-state.js';

export interface PlanCatalogue {
  /** The plans a seller can buy, with the Stripe price of each. */
  plans: PlanView[];
  /** The plan a price (or a plan id) names, if any. */
  planOf(priceOrPlanId: string): PlanView | undefined;
  /** The id of the plan a price (or a plan id) names; null for none. */
  planIdOfPrice(priceId: string | null): PlanId | null;
}

/**
 * The contracts' plan catalogue (the one source of prices) joined with the Stripe prices this
 * deployment sells them at.
 */
export function planCatalogue(stripePrices: Record<SelectablePlan['id'], string>): PlanCatalogue {
  const plans: PlanView[] = selectablePlans.map((plan) => ({
    ...plan,
    features: [...plan.features],
    stripePriceId: stripePrices[plan.id],
  }));
  const planOf = (key: string) =>
    plans.find((plan) => plan.stripePriceId === key || plan.id === key);
  return {
    plans,
    planOf,
    planIdOfPrice: (priceId) => (priceId ? (planOf(priceId)?.id ?? null) : null),
  };
}
