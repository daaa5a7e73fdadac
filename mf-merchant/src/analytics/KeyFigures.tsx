import type { Change } from './analytics-series.js';

export interface KeyFigure {
  label: string;
  value: string;
  /** Against the previous period of the same length, where the answer has one. */
  change?: Change;
  testId?: string;
}

const arrows: Record<Change['direction'], string> = { up: '▲', down: '▼', same: '', new: '▲' };

/** '+22% vs previous 30 days', or 'New: none in the previous 30 days'. */
function changeText(change: Change, previousLabel: string) {
  return change.direction === 'new' ? `: none in the ${previousLabel}` : ` vs ${previousLabel}`;
}

/** A panel's headline figures, each with its change against the previous period. */
export function KeyFigures({
  figures,
  previousLabel,
}: {
  figures: KeyFigure[];
  /** The period the changes compare with: 'previous 30 days'. */
  previousLabel: string;
}) {
  return (
    <dl className="me-analytics__figures">
      {figures.map(({ label, value, change, testId }) => (
        <div key={label} className="me-analytics__figure">
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
          {change && (
            <dd
              className={`me-analytics__change me-analytics__change--${change.direction}`}
              data-testid={testId && `${testId}-change`}
            >
              <span aria-hidden="true">{arrows[change.direction]} </span>
              {change.label}
              <span className="me-analytics__vs">{changeText(change, previousLabel)}</span>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
