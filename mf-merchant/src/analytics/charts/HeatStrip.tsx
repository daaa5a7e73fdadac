import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { labelStep, type ChartDatum } from './chart-frame.js';

interface HeatStripProps {
  data: ChartDatum[];
  ariaLabel: string;
  testId?: string;
}

const CELL_HEIGHT = 32;
const LABEL_SPACE = 20;
// From the page's soft accent to its accent: the busiest cell is the darkest.
const QUIET = '#eef6f4';
const BUSY = '#0f766e';

/** One row of cells shaded by their value (orders by hour of the day), with a legend. */
export function HeatStrip({ data, ariaLabel, testId }: HeatStripProps) {
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  const x = scaleBand<string>({
    domain: data.map((datum) => datum.key),
    range: [0, width],
    paddingInner: 0.08,
  });
  const shade = scaleLinear<string>({
    domain: [0, Math.max(1, ...data.map((datum) => datum.value))],
    range: [QUIET, BUSY],
  });
  const step = labelStep(
    data.map((datum) => datum.label),
    width,
  );

  return (
    <div className="me-heat-strip" data-testid={testId}>
      <div ref={parentRef} className="me-chart" style={{ height: CELL_HEIGHT + LABEL_SPACE }}>
        {width > 0 && (
          <svg width={width} height={CELL_HEIGHT + LABEL_SPACE} role="img" aria-label={ariaLabel}>
            {data.map((datum, index) => (
              <g key={datum.key}>
                <Bar
                  x={x(datum.key) ?? 0}
                  y={0}
                  width={x.bandwidth()}
                  height={CELL_HEIGHT}
                  rx={3}
                  fill={shade(datum.value)}
                >
                  <title>{datum.title}</title>
                </Bar>
                {index % step === 0 && (
                  <text
                    className="me-chart__label"
                    x={(x(datum.key) ?? 0) + x.bandwidth() / 2}
                    y={CELL_HEIGHT + 15}
                    textAnchor="middle"
                    aria-hidden="true"
                  >
                    {datum.label}
                  </text>
                )}
              </g>
            ))}
          </svg>
        )}
      </div>
      <p className="me-heat-strip__legend" aria-hidden="true">
        Fewer orders
        <span style={{ background: `linear-gradient(to right, ${QUIET}, ${BUSY})` }} />
        More orders
      </p>
    </div>
  );
}
