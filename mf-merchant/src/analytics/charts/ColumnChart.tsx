import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand } from '@visx/scale';
import { Bar } from '@visx/shape';
import { labelStep, marginFor, valueScale, valueTicks, type ChartDatum } from './chart-frame.js';
import { ValueGrid } from './ValueGrid.js';

interface ColumnChartProps {
  data: ChartDatum[];
  /** What the chart shows, for screen readers (the figures are in the table beside it). */
  ariaLabel: string;
  formatTick: (value: number) => string;
  /** Counts are whole: no tick at 0.5 orders. */
  wholeNumbers?: boolean;
  height?: number;
  /** When not every column has room for its label, the last one keeps it (the latest day). */
  labelLast?: boolean;
  testId?: string;
}

/** Vertical bars, one per datum, as wide as the panel (revenue per day, orders per hour or day). */
export function ColumnChart({
  data,
  ariaLabel,
  formatTick,
  wholeNumbers = false,
  height = 200,
  labelLast = false,
  testId,
}: ColumnChartProps) {
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  const max = Math.max(0, ...data.map((datum) => datum.value));
  const probe = valueScale(max, height);
  const margin = marginFor(valueTicks(probe, wholeNumbers).map(formatTick));
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const y = valueScale(max, innerHeight);
  const x = scaleBand<string>({
    domain: data.map((datum) => datum.key),
    range: [0, innerWidth],
    padding: 0.25,
  });
  const step = labelStep(
    data.map((datum) => datum.label),
    innerWidth,
  );

  return (
    <div ref={parentRef} className="me-chart" style={{ height }} data-testid={testId}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={ariaLabel}>
          <Group left={margin.left} top={margin.top}>
            <ValueGrid
              ticks={valueTicks(y, wholeNumbers)}
              y={y}
              innerWidth={innerWidth}
              format={formatTick}
            />
            {data.map((datum, index) => {
              const left = x(datum.key) ?? 0;
              const top = y(datum.value);
              return (
                <g key={datum.key}>
                  <Bar
                    className="me-chart__bar"
                    x={left}
                    y={top}
                    width={x.bandwidth()}
                    height={Math.max(0, innerHeight - top)}
                    rx={2}
                  >
                    <title>{datum.title}</title>
                  </Bar>
                  {(labelLast ? data.length - 1 - index : index) % step === 0 && (
                    <text
                      className="me-chart__label"
                      x={left + x.bandwidth() / 2}
                      y={innerHeight + 16}
                      textAnchor="middle"
                      aria-hidden="true"
                    >
                      {datum.label}
                    </text>
                  )}
                </g>
              );
            })}
          </Group>
        </svg>
      )}
    </div>
  );
}
