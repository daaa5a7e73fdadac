import { useParentSize } from '@visx/responsive';
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

export interface BarListRow {
  key: string;
  label: string;
  value: number;
  /** The figure written after the bar ('12 · 40%'). */
  valueText: string;
}

interface BarListProps {
  rows: BarListRow[];
  ariaLabel: string;
  /** The value of a full bar: 100 for shares; the largest value when none is given. */
  fullValue?: number;
  testId?: string;
}

const ROW_HEIGHT = 30;
const BAR_HEIGHT = 14;
const VALUE_WIDTH = 96;

/** Horizontal bars with their labels and figures (delivery statuses, customer segments). */
export function BarList({ rows, ariaLabel, fullValue, testId }: BarListProps) {
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  const height = rows.length * ROW_HEIGHT;
  const labelWidth = Math.min(150, Math.round(width * 0.4));
  const barWidth = Math.max(0, width - labelWidth - VALUE_WIDTH);
  const x = scaleLinear<number>({
    domain: [0, fullValue ?? Math.max(1, ...rows.map((row) => row.value))],
    range: [0, barWidth],
    clamp: true,
  });

  return (
    <div ref={parentRef} className="me-chart" style={{ height }} data-testid={testId}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={ariaLabel}>
          {rows.map((row, index) => {
            const middle = index * ROW_HEIGHT + ROW_HEIGHT / 2;
            return (
              <g key={row.key}>
                <text
                  className="me-chart__row-label"
                  x={0}
                  y={middle}
                  dy="0.32em"
                  aria-hidden="true"
                >
                  {row.label}
                </text>
                <rect
                  className="me-chart__track"
                  x={labelWidth}
                  y={middle - BAR_HEIGHT / 2}
                  width={barWidth}
                  height={BAR_HEIGHT}
                  rx={3}
                />
                <Bar
                  className="me-chart__bar"
                  x={labelWidth}
                  y={middle - BAR_HEIGHT / 2}
                  width={x(row.value)}
                  height={BAR_HEIGHT}
                  rx={3}
                >
                  <title>{`${row.label}: ${row.valueText}`}</title>
                </Bar>
                <text
                  className="me-chart__row-value"
                  x={width}
                  y={middle}
                  dy="0.32em"
                  textAnchor="end"
                  aria-hidden="true"
                >
                  {row.valueText}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
