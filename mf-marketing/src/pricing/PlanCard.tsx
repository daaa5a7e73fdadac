import { formatPence, type PlanView } from '@onvelope/contracts';
import type { CardAction } from '../domain/pricing.js';

interface PlanCardProps {
  plan: PlanView;
  /** 'Save £17.89 a year' on the yearly card. */
  saving: string | null;
  current: boolean;
  action: CardAction;
  /** This card's checkout is starting. */
  busy: boolean;
  /** Something is under way: every button waits. */
  disabled: boolean;
  onSubscribe: () => void;
  onManage: (url: string) => void;
}

/** One plan: name, price per interval, the saving, every feature, and Subscribe or Manage billing. */
export function PlanCard({
  plan,
  saving,
  current,
  action,
  busy,
  disabled,
  onSubscribe,
  onManage,
}: PlanCardProps) {
  const label = busy ? 'Redirecting...' : action.kind === 'manage' ? 'Manage billing' : 'Subscribe';
  return (
    <article
      className={current ? 'ov-card mk-plan mk-plan--current' : 'ov-card mk-plan'}
      data-testid={`pricing-plan-${plan.id}`}
    >
      <header className="mk-plan__head">
        <h2>{plan.name}</h2>
        {current && (
          <span className="mk-plan__tag" data-testid="pricing-current-plan">
            Your current plan
          </span>
        )}
      </header>
      <p className="mk-plan__price">
        <strong>{formatPence(plan.price)}</strong> / {plan.interval}
      </p>
      {saving && (
        <p className="mk-plan__saving" data-testid="pricing-saving">
          {saving}
        </p>
      )}
      <ul className="mk-plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <button
        type="button"
        className={action.kind === 'manage' ? 'ov-button ov-button--secondary' : 'ov-button'}
        disabled={disabled}
        onClick={() => (action.kind === 'manage' ? onManage(action.url) : onSubscribe())}
        data-testid={`pricing-subscribe-${plan.id}`}
        data-action={action.kind}
      >
        {label}
      </button>
    </article>
  );
}
