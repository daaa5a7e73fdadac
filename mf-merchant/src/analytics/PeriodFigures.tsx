import type { AnalyticsRange } from '@onvelope/contracts';
import { formatCount } from './analytics-format.js';
import { changeAgainst } from './analytics-series.js';
import { KeyFigures } from './KeyFigures.js';

export interface PeriodFigure {
  label: string;
  current: number;
  previous: number;
  testId: string;
}

/**
 * Beyond the spec: an all-time panel's headline counts over the screen's time range, each against
 * the range of the same length before it.
 */
export function PeriodFigures({
  range,
  figures,
}: {
  range: AnalyticsRange;
  figures: PeriodFigure[];
}) {
  return (
    <KeyFigures
      previousLabel={`previous ${range} days`}
      figures={figures.map(({ label, current, previous, testId }) => ({
        label: `${label}, last ${range} days`,
        value: formatCount(current),
        change: changeAgainst(current, previous),
        testId,
      }))}
    />
  );
}
