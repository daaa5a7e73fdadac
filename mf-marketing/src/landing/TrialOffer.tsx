import { Link } from '@onvelope/router';
import { trialDays } from '@onvelope/contracts';
import { pricingPlans, savingLabel, yearlySavingOf } from '../domain/pricing.js';
import { planPricesText } from '../legal/commitments.js';
import { usePricingData } from '../pricing/use-pricing-data.js';

/**
 * The trial offer (spec 001 §1, §9): 7 days free without a card, then the prices of the plans from
 * GET /api/payments/plans, read as the pricing page reads them. Without the plans it still offers
 * the trial and points to the pricing page.
 */
export function TrialOffer() {
  const { plans } = usePricingData();
  const shown = plans ? pricingPlans(plans) : [];
  const saving = plans ? yearlySavingOf(plans) : null;
  return (
    <section className="mk-offer" aria-labelledby="offer-title" data-testid="landing-trial-offer">
      <div>
        <h2 id="offer-title">Try everything free for {trialDays} days</h2>
        <p>No credit card needed to start. Cancel at any time.</p>
        <p className="mk-offer__prices" data-testid="landing-plan-prices">
          {shown.length > 0
            ? `Then ${planPricesText(shown)}${saving ? `. ${savingLabel(saving)} with yearly billing.` : '.'}`
            : 'One plan with every feature, monthly or yearly.'}
        </p>
      </div>
      <div className="mk-actions">
        <Link to="/register" className="ov-button" data-testid="landing-trial-link">
          Start your free trial
        </Link>
        <Link to="/pricing" className="mk-offer__link">
          See pricing
        </Link>
      </div>
    </section>
  );
}
