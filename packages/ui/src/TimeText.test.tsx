import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dateDisplayIn } from './date-format.js';
import { DateDisplayProvider, TimeText } from './TimeText.js';

const inTokyo = (node: ReactNode) =>
  renderToStaticMarkup(
    <DateDisplayProvider value={dateDisplayIn('Asia/Tokyo')}>{node}</DateDisplayProvider>,
  );

describe('TimeText', () => {
  it("shows the date in the page's zone, the ISO moment, and the exact time with the zone on hover", () => {
    expect(inTokyo(<TimeText value="2026-11-28T23:30:00Z" data-testid="created-cell" />)).toBe(
      '<time dateTime="2026-11-28T23:30:00.000Z" title="Nov 29, 2026, 8:30:00 AM GMT+9"' +
        ' data-testid="created-cell">Nov 29, 2026</time>',
    );
  });

  it('shows the date and time, or how long ago, with the same hover', () => {
    expect(inTokyo(<TimeText value="2026-11-28T14:05:09Z" form="dateTime" />)).toContain(
      'title="Nov 28, 2026, 11:05:09 PM GMT+9">Nov 28, 2026, 11:05 PM</time>',
    );
    const now = new Date('2026-11-28T17:05:09Z');
    expect(inTokyo(<TimeText value="2026-11-28T14:05:09Z" form="ago" now={now} />)).toContain(
      'title="Nov 28, 2026, 11:05:09 PM GMT+9">3 hours ago</time>',
    );
  });

  it('shows the placeholder, with no time to hover, when there is no date', () => {
    expect(inTokyo(<TimeText value={null} missing="Never" data-testid="last-used" />)).toBe(
      '<span data-testid="last-used">Never</span>',
    );
    expect(inTokyo(<TimeText value="not a date" />)).toBe('<span>—</span>');
  });

  it("writes in the browser's zone when no page gives one (the buyer pages)", () => {
    const browserZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const shown = renderToStaticMarkup(<TimeText value="2026-01-05T12:00:00Z" />);
    expect(shown).toContain('>Jan 5, 2026</time>');
    expect(shown).toContain(
      new Intl.DateTimeFormat('en-US', { timeZone: browserZone, timeZoneName: 'short' })
        .formatToParts(new Date('2026-01-05T12:00:00Z'))
        .find((part) => part.type === 'timeZoneName')!.value,
    );
  });
});
