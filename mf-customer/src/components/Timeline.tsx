import { buildTimeline, type TimelineOrder } from '../domain/timeline.js';

/** The order's progress as steps (spec 001 §2 public order tracking page). */
export function Timeline({ order }: { order: TimelineOrder }) {
  return (
    <ol className="cu-timeline" aria-label="Order timeline" data-testid="order-timeline">
      {buildTimeline(order).map((step) => (
        <li
          key={step.key}
          className={`cu-timeline__step cu-timeline__step--${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-testid="timeline-step"
          data-state={step.state}
        >
          <span className="cu-timeline__dot" aria-hidden="true" />
          <span className="cu-timeline__label">{step.label}</span>
          {step.date && <span className="cu-timeline__date">{step.date}</span>}
        </li>
      ))}
    </ol>
  );
}
