import { describe, expect, it } from 'vitest';
import { parseNamedMonthDate } from './named-month-dates.js';

describe('parseNamedMonthDate', () => {
  it.each([
    ['Mar-15-16', '2016-03-15T00:00:00Z'],
    ['Jul-21-25', '2025-07-21T00:00:00Z'],
    ['21-Jul-25', '2025-07-21T00:00:00Z'],
    ['15 March 2025', '2025-03-15T00:00:00Z'],
    ['Feb 3, 2024', '2024-02-03T00:00:00Z'],
    ['Jan 5, 2024 2:41 PM', '2024-01-05T14:41:00Z'],
    ['15. Jan. 2025, 10:32 Uhr CET(UTC+1)', '2025-01-15T09:32:00Z'],
    ['3. März 2025, 18:05 Uhr', '2025-03-03T18:05:00Z'],
    ['7. Apr. 2025, 09:15 Uhr CEST(UTC+2)', '2025-04-07T07:15:00Z'],
    ['Dec-01-24 10:00:00 PST', '2024-12-01T18:00:00Z'],
    ['12 déc. 2024', '2024-12-12T00:00:00Z'],
  ])('reads %j', (text, iso) => {
    expect(parseNamedMonthDate(text)).toEqual(new Date(iso));
  });

  it.each(['Feb-30-24', 'Foo-12-24', '12/03/2024', 'Mar 5, 2024 at noon', 'soon'])(
    'is null for %j',
    (text) => expect(parseNamedMonthDate(text)).toBeNull(),
  );
});
