import { describe, expect, it } from 'vitest';
import { labelSpace, labelStep, marginFor, valueScale, valueTicks } from './chart-frame.js';

describe('valueScale', () => {
  it('runs from zero at the bottom to a rounded maximum at the top', () => {
    const y = valueScale(87, 100);
    expect(y.domain()).toEqual([0, 100]);
    expect(y(0)).toBe(100);
    expect(y(100)).toBe(0);
    expect(y(50)).toBe(50);
  });

  it('keeps a chart of nothing but zeros on its baseline instead of dividing by zero', () => {
    const y = valueScale(0, 120);
    expect(y.domain()).toEqual([0, 1]);
    expect(y(0)).toBe(120);
  });
});

describe('valueTicks', () => {
  it('draws about four value lines', () => {
    expect(valueTicks(valueScale(87, 100), false)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('draws no line at half an order when the figures are counts', () => {
    const y = valueScale(2, 100);
    expect(valueTicks(y, false)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(valueTicks(y, true)).toEqual([0, 1, 2]);
  });
});

describe('labelSpace', () => {
  it('leaves room for the longest label and a gap after it', () => {
    expect(labelSpace(['£0', '£1,000', '£500'])).toBe(6 * 6.5 + 10);
    expect(labelSpace([])).toBe(10);
  });
});

describe('marginFor', () => {
  it('fits the value labels on the left and one line of labels below', () => {
    expect(marginFor(['0', '1,000'])).toEqual({
      top: 12,
      right: 8,
      bottom: 24,
      left: labelSpace(['1,000']),
    });
  });
});

describe('labelStep', () => {
  const days = Array.from({ length: 14 }, (_, index) => `${index + 1} Mar`);

  it('writes every label when they all fit', () => {
    expect(labelStep(days, 14 * labelSpace(days))).toBe(1);
  });

  it('writes every so many labels when they would touch', () => {
    // 200 px holds four labels of 'dd Mar' (49 px each): one in four of the fourteen.
    expect(labelStep(days, 200)).toBe(4);
    expect(labelStep(days, 7 * labelSpace(days))).toBe(2);
  });

  it('writes one label at most in a chart with no width yet', () => {
    expect(labelStep(days, 0)).toBe(days.length);
  });
});
