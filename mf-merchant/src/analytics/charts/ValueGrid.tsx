interface ValueGridProps {
  ticks: number[];
  y: (value: number) => number;
  innerWidth: number;
  format: (value: number) => string;
}

/** The value lines across a chart, with their figures on the left. */
export function ValueGrid({ ticks, y, innerWidth, format }: ValueGridProps) {
  return (
    <g className="me-chart__grid" aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick} transform={`translate(0, ${y(tick)})`}>
          <line x1={0} x2={innerWidth} />
          <text x={-6} dy="0.32em" textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}
