// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartDatum } from './chart-frame.js';
import { ChartFigure } from './ChartFigure.js';
import { ColumnChart } from './ColumnChart.js';
import { LineChart } from './LineChart.js';

// jsdom lays nothing out: the charts' panel reports the width a browser would give it.
let panelWidth = 400;
class FixedWidthPanel {
  constructor(private readonly report: ResizeObserverCallback) {}
  observe() {
    const entry = { contentRect: { width: panelWidth, height: 200, top: 0, left: 0 } };
    this.report([entry as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  panelWidth = 400;
  vi.stubGlobal('ResizeObserver', FixedWidthPanel);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pounds = (value: number) => `£${value}`;
const day = (date: number, value: number): ChartDatum => ({
  key: `2026-03-${String(date).padStart(2, '0')}`,
  label: `${date} Mar`,
  value,
  title: `${date} March 2026: £${value}`,
});
const threeDays = [day(1, 20), day(2, 87), day(3, 45)];
const texts = (elements: Iterable<Element>) => [...elements].map((element) => element.textContent);

describe('ColumnChart', () => {
  it('is one image named for screen readers, its axes and labels hidden from them', async () => {
    const { container } = render(
      <ColumnChart data={threeDays} ariaLabel="Revenue per day" formatTick={pounds} />,
    );
    const chart = await screen.findByRole('img', { name: 'Revenue per day' });
    expect(chart.getAttribute('width')).toBe('400');
    const grid = container.querySelector('.me-chart__grid')!;
    expect(grid.getAttribute('aria-hidden')).toBe('true');
    expect(texts(grid.querySelectorAll('text'))).toEqual([
      '£0',
      '£20',
      '£40',
      '£60',
      '£80',
      '£100',
    ]);
    const labels = container.querySelectorAll('.me-chart__label');
    expect(texts(labels)).toEqual(['1 Mar', '2 Mar', '3 Mar']);
    for (const label of labels) expect(label.getAttribute('aria-hidden')).toBe('true');
  });

  it('draws one column per figure, as tall as its value, with its description on hover', async () => {
    const { container } = render(
      <ColumnChart data={threeDays} ariaLabel="Revenue per day" formatTick={pounds} height={200} />,
    );
    await screen.findByRole('img');
    const bars = [...container.querySelectorAll('.me-chart__bar')];
    expect(texts(bars.map((bar) => bar.querySelector('title')!))).toEqual([
      '1 March 2026: £20',
      '2 March 2026: £87',
      '3 March 2026: £45',
    ]);
    // 200 px less the 12 px above and the 24 px of labels below: 164 px for £0-£100.
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights).toEqual([0.2 * 164, 0.87 * 164, 0.45 * 164].map((h) => expect.closeTo(h, 6)));
  });

  it('writes only the labels that fit, keeping the latest day when asked to', async () => {
    panelWidth = 300;
    const month = Array.from({ length: 30 }, (_, index) => day(index + 1, index));
    const { container } = render(
      <ColumnChart
        data={month}
        ariaLabel="Orders per day"
        formatTick={String}
        wholeNumbers
        labelLast
      />,
    );
    await screen.findByRole('img');
    const labels = texts(container.querySelectorAll('.me-chart__label'));
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.length).toBeLessThan(month.length);
    expect(labels.at(-1)).toBe('30 Mar');
  });

  it('draws nothing while its panel has no width', async () => {
    panelWidth = 0;
    const { container } = render(
      <ColumnChart data={threeDays} ariaLabel="Revenue per day" formatTick={pounds} testId="c" />,
    );
    // Past the animation frame in which a width would have been taken (the charts above draw by then).
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByTestId('c')).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
  });
});

describe('LineChart', () => {
  it('marks each day of a short range with a dot that describes it', async () => {
    const { container } = render(
      <LineChart data={threeDays} ariaLabel="Revenue over the range" formatTick={pounds} />,
    );
    await screen.findByRole('img', { name: 'Revenue over the range' });
    expect(container.querySelector('.me-chart__line')).not.toBeNull();
    expect(texts(container.querySelectorAll('.me-chart__dot title'))).toEqual(
      threeDays.map((datum) => datum.title),
    );
    expect(texts(container.querySelectorAll('.me-chart__label'))).toEqual([
      '1 Mar',
      '2 Mar',
      '3 Mar',
    ]);
  });

  it('draws the line alone over a range longer than a month, labelled up to its last day', async () => {
    const days = Array.from({ length: 40 }, (_, index) => ({
      ...day((index % 28) + 1, index),
      key: `day-${index}`,
    }));
    const { container } = render(
      <LineChart data={days} ariaLabel="Revenue over the range" formatTick={pounds} />,
    );
    await screen.findByRole('img');
    expect(container.querySelectorAll('.me-chart__dot')).toHaveLength(0);
    const labels = texts(container.querySelectorAll('.me-chart__label'));
    expect(labels.length).toBeLessThan(days.length);
    expect(labels.at(-1)).toBe(days.at(-1)!.label);
  });
});

describe('ChartFigure', () => {
  const table = {
    columns: [
      { header: 'Day', cell: (row: ChartDatum) => row.label },
      { header: 'Revenue', cell: (row: ChartDatum) => pounds(row.value), numeric: true },
    ],
    rows: threeDays,
    rowKey: (row: ChartDatum) => row.key,
  };

  it('titles the chart, says what to take away, and keeps its figures as a table', async () => {
    render(
      <ChartFigure
        title="Revenue per day"
        summary="Best day: 2 Mar, £87"
        chart={<ColumnChart data={threeDays} ariaLabel="Revenue per day" formatTick={pounds} />}
        table={table}
        testId="figure"
      />,
    );
    const figure = screen.getByTestId('figure');
    expect(figure.querySelector('figcaption')!.textContent).toBe(
      'Revenue per dayBest day: 2 Mar, £87',
    );
    await within(figure).findByRole('img', { name: 'Revenue per day' });
    const alternative = figure.querySelector('details')!;
    expect(alternative.querySelector('summary')!.textContent).toBe('Show as table');
    const figures = within(alternative).getByRole('table', { name: 'Revenue per day' });
    expect(texts(figures.querySelectorAll('tbody tr'))).toEqual([
      '1 Mar£20',
      '2 Mar£87',
      '3 Mar£45',
    ]);
  });

  it('shows the table itself when it is part of the panel', () => {
    render(
      <ChartFigure
        title="Orders per segment"
        chart={null}
        table={table}
        tableVisible
        testId="figure"
      />,
    );
    const figure = screen.getByTestId('figure');
    expect(figure.querySelector('details')).toBeNull();
    expect(within(figure).getByRole('table', { name: 'Orders per segment' })).toBeTruthy();
  });
});
