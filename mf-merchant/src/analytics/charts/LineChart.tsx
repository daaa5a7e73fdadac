import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scalePoint } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';
import {
  labelSpace,
  labelStep,
  marginFor,
  valueScale,
  valueTicks,
  type ChartDatum,
} from './chart-frame.js';
import { ValueGrid } from './ValueGrid.js';

interface LineChartProps {
  data: ChartDatum[];
  ariaLabel: string;
  formatTick: (value: number) => string;
  height?: number;
  testId?: string;
}

// Beyond about a month the points would crowd into a solid line; the line alone reads better.
const MAX_POINTS_WITH_DOTS = 31;

/** A line over time, as wide as the panel, with the area under it shaded (revenue per day). */
export function LineChart({ data, ariaLabel, formatTick, height = 180, testId }: LineChartProps) {
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  const max = Math.max(0, ...data.map((datum) => datum.value));
  const labels = data.map((datum) => datum.label);
  // The last point is at the right edge: room for half its label beyond it.
  const margin = {
    ...marginFor(valueTicks(valueScale(max, height), false).map(formatTick)),
    right: labelSpace(labels) / 2,
  };
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const y = valueScale(max, innerHeight);
  const x = scalePoint<string>({ domain: data.map((datum) => datum.key), range: [0, innerWidth] });
  const xOf = (datum: ChartDatum) => x(datum.key) ?? 0;
  const yOf = (datum: ChartDatum) => y(datum.value);
  const step = labelStep(labels, innerWidth);

  return (
    <div ref={parentRef} className="me-chart" style={{ height }} data-testid={testId}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={ariaLabel}>
          <Group left={margin.left} top={margin.top}>
            <ValueGrid
              ticks={valueTicks(y, false)}
              y={y}
              innerWidth={innerWidth}
              format={formatTick}
            />
            <AreaClosed className="me-chart__area" data={data} x={xOf} y={yOf} yScale={y} />
            <LinePath className="me-chart__line" data={data} x={xOf} y={yOf} />
            {data.length <= MAX_POINTS_WITH_DOTS &&
              data.map((datum) => (
                <circle
                  key={datum.key}
                  className="me-chart__dot"
                  cx={xOf(datum)}
                  cy={yOf(datum)}
                  r={3}
                >
                  <title>{datum.title}</title>
                </circle>
              ))}
            {data.map(
              (datum, index) =>
                (data.length - 1 - index) % step === 0 && (
                  <text
                    key={datum.key}
                    className="me-chart__label"
                    x={xOf(datum)}
                    y={innerHeight + 16}
                    textAnchor="middle"
                    aria-hidden="true"
                  >
                    {datum.label}
                  </text>
                ),
            )}
          </Group>
        </svg>
      )}
    </div>
  );
}
