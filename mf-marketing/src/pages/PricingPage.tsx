import { useEffect } from 'react';
import { Link, useSearchParams } from '@onvelope/router';
import { trialDays } from '@onvelope/contracts';
import { rememberRedirectAfterSubscription, type RemotePage } from '@onvelope/ui';
import {
  cardActionOf,
  isCurrentPlan,
  pricingPlans,
  reasonBannerOf,
  savingLabel,
  yearlySavingOf,
} from '../domain/pricing.js';
import { offersTrial, pricingBackLinkOf } from '../domain/visitor.js';
import { useVisitor } from '../layout/use-visitor.js';
import { ConsentModal } from '../pricing/ConsentModal.js';
import { PlanCard } from '../pricing/PlanCard.js';
import { PricingFaq } from '../pricing/PricingFaq.js';
import { useCheckout } from '../pricing/use-checkout.js';
import { usePricingData } from '../pricing/use-pricing-data.js';
import type { PageMeta } from '../seo/page-meta.js';
import { MarketingPage } from './MarketingPage.js';
import '../pricing/pricing.css';

const meta: PageMeta = {
  title: 'Pricing',
  description:
    'One ONVELOPE plan with every feature, paid monthly or yearly, after a 7-day free trial with no credit card needed.',
};

/**
 * /pricing (spec 001 §2): the monthly and yearly plans from GET /api/payments/plans, Subscribe
 * (sign in, consent, Stripe checkout) or Manage billing, a FAQ and a link home. `?reason=` shows why
 * the workspace closed, `?redirect=` is kept for after the subscription, `?subscription=cancelled`
 * says the checkout was cancelled. A signed-in seller is not offered the trial and goes back to the
 * dashboard rather than home.
 */
const PricingPage: RemotePage<'mf_marketing/PricingPage'> = () => {
  const [params] = useSearchParams();
  const { plans, plansError, subscription } = usePricingData();
  const checkout = useCheckout();
  const [visitor] = useVisitor();
  const back = pricingBackLinkOf(visitor);
  const banner = reasonBannerOf(params.get('reason'));
  const redirect = params.get('redirect');

  useEffect(() => {
    rememberRedirectAfterSubscription(redirect);
  }, [redirect]);

  const shown = plans ? pricingPlans(plans) : [];
  const saving = plans ? yearlySavingOf(plans) : null;
  const action = cardActionOf(subscription);

  return (
    <MarketingPage title="Pricing" meta={meta} testId="pricing-page" className="mk-pricing">
      {banner && (
        <p className="ov-alert ov-alert--info" role="status" data-testid="pricing-reason-banner">
          {banner}
          {visitor === 'seller' && (
            <>
              {' '}
              Your orders are kept: search, export or delete them in{' '}
              <Link to="/your-data" data-testid="pricing-your-data">
                Your data
              </Link>
              .
            </>
          )}
        </p>
      )}
      {params.get('subscription') === 'cancelled' && (
        <p className="ov-alert ov-alert--info" role="status" data-testid="pricing-cancelled-notice">
          Checkout was cancelled. Nothing was charged; you can subscribe whenever you are ready.
        </p>
      )}
      <p className="mk-hero__lead" data-testid="pricing-lead">
        One plan with everything, paid monthly or yearly.
        {offersTrial(visitor) && (
          <>
            {' '}
            New here? <Link to="/register">Start with a {trialDays}-day free trial</Link>, no card
            needed.
          </>
        )}
      </p>
      {checkout.error && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="pricing-checkout-error">
          {checkout.error}
        </p>
      )}
      {plansError && (
        <p className="ov-alert ov-alert--error" role="alert" data-testid="pricing-plans-error">
          {plansError}
        </p>
      )}
      {!plans && !plansError && (
        <p role="status" data-testid="pricing-loading">
          Loading plans...
        </p>
      )}
      {shown.length > 0 && (
        <div className="mk-plans">
          {shown.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              saving={plan.interval === 'year' && saving ? savingLabel(saving) : null}
              current={isCurrentPlan(plan, subscription)}
              action={action}
              busy={checkout.busy === plan.id}
              disabled={checkout.busy !== null}
              onSubscribe={() => checkout.subscribe(plan)}
              onManage={checkout.manageBilling}
            />
          ))}
        </div>
      )}
      <PricingFaq />
      <p>
        <Link to={back.to} data-testid="pricing-back-link">
          {back.label}
        </Link>
      </p>
      {checkout.consentFor && (
        <ConsentModal
          plan={checkout.consentFor}
          busy={checkout.busy !== null}
          onContinue={checkout.continueWithConsent}
          onCancel={checkout.cancelConsent}
        />
      )}
    </MarketingPage>
  );
};

export default PricingPage;
