import { describe, expect, it } from 'vitest';
import {
  dateSpanLabel,
  dayLabel,
  formatCount,
  formatPercent,
  fullDayLabel,
  hourLabel,
  hourSpanLabel,
  momentDayLabel,
} from './analytics-format.js';

describe('analytics formats', () => {
  it('groups counts and keeps at most two decimals of a quantity', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(2.5)).toBe('2.5');
    expect(formatCount(1 / 3)).toBe('0.33');
  });

  it('writes shares with one decimal at most', () => {
    expect(formatPercent(42.857)).toBe('42.9%');
    expect(formatPercent(100)).toBe('100%');
  });

  it('writes analytics days without shifting them into the browser time zone', () => {
    expect(dayLabel('2026-03-01')).toBe('Mar 1');
    expect(fullDayLabel('2026-03-01')).toBe('Sun, Mar 1, 2026');
    expect(dateSpanLabel({ from: '2026-02-01', to: '2026-03-02' })).toBe(
      'Feb 1, 2026 – Mar 2, 2026',
    );
  });

  it('writes the day of a moment on the London calendar', () => {
    expect(momentDayLabel('2025-01-03T10:00:00.000Z', 'Europe/London')).toBe('Jan 3, 2025');
    // 23:30 UTC in summer is already the next day in London.
    expect(momentDayLabel('2025-07-03T23:30:00.000Z', 'Europe/London')).toBe('Jul 4, 2025');
    expect(momentDayLabel('2025-07-03T23:30:00.000Z', 'America/New_York')).toBe('Jul 3, 2025');
    expect(momentDayLabel(null, 'Europe/London')).toBe('—');
    expect(momentDayLabel('soon', 'Europe/London')).toBe('—');
  });

  it('writes hours on the 24-hour clock, the last one running to midnight', () => {
    expect(hourLabel(9)).toBe('09:00');
    expect(hourSpanLabel(14)).toBe('14:00–15:00');
    expect(hourSpanLabel(23)).toBe('23:00–00:00');
  });
});
