import { scaleLinear } from '@visx/scale';

export interface ChartMargin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A figure for a chart: what it is, how it reads in words, and the hover title of its mark. */
export interface ChartDatum {
  key: string;
  /** The short label under a column ('3 Mar', '14'). */
  label: string;
  value: number;
  /** The mark's full description ('Tue, 3 Mar 2026: £120.00'), shown on hover. */
  title: string;
}

// About the width of one character of the 11 px labels, to leave room for the longest one.
const CHARACTER_WIDTH = 6.5;
const LABEL_GAP = 10;

/** The value scale of a chart, from zero up to a rounded maximum. */
export function valueScale(max: number, innerHeight: number) {
  return scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [innerHeight, 0], nice: 4 });
}

/** The value ticks to draw: about four; only whole numbers for counts. */
export function valueTicks(scale: ReturnType<typeof valueScale>, wholeNumbers: boolean): number[] {
  return scale.ticks(4).filter((tick) => !wholeNumbers || Number.isInteger(tick));
}

/** The margin that fits the value labels on the left and one line of labels below. */
export function marginFor(tickLabels: string[]): ChartMargin {
  return { top: 12, right: 8, bottom: 24, left: labelSpace(tickLabels) };
}

/** The room the widest of these labels takes, with a gap after it. */
export function labelSpace(labels: string[]): number {
  return Math.max(0, ...labels.map((label) => label.length)) * CHARACTER_WIDTH + LABEL_GAP;
}

/**
 * Every how many marks a label is written, so that the labels under a chart never touch: 1 writes
 * them all, 2 every other one.
 */
export function labelStep(labels: string[], innerWidth: number): number {
  const fitting = Math.max(1, Math.floor(innerWidth / labelSpace(labels)));
  return Math.max(1, Math.ceil(labels.length / fitting));
}
