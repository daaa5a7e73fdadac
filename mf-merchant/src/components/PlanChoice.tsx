import { formatPence, yearlySaving } from '@onvelope/contracts';
import {
  onboardingPlans,
  priceLabel,
  shownFeatures,
  type SelectablePlanId,
} from '../onboarding/onboarding.js';

/** The plan cards of both onboarding screens: price, first 4 features, the yearly saving. */
export function PlanChoice({
  selected,
  onSelect,
}: {
  selected: SelectablePlanId;
  onSelect: (plan: SelectablePlanId) => void;
}) {
  return (
    <div className="me-plans" role="radiogroup" aria-label="Plan">
      {onboardingPlans().map((plan) => (
        <label
          key={plan.id}
          className={selected === plan.id ? 'me-plan me-plan--selected' : 'me-plan'}
          data-testid={`plan-${plan.id}`}
        >
          <input
            type="radio"
            name="plan"
            value={plan.id}
            checked={selected === plan.id}
            onChange={() => onSelect(plan.id)}
          />
          <span className="me-plan__name">{plan.name}</span>
          <span className="me-plan__price">{priceLabel(plan)}</span>
          {plan.interval === 'year' && (
            <span className="me-plan__saving" data-testid="yearly-saving">
              Save {formatPence(yearlySaving())} a year
            </span>
          )}
          <ul>
            {shownFeatures(plan).map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </label>
      ))}
    </div>
  );
}
