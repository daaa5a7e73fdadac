import { createContext, useContext, type ReactNode } from 'react';
import {
  dateDisplayIn,
  formatTime,
  missingDate,
  timeAgo,
  type DateDisplay,
} from './date-format.js';

// null: no page said whose zone it reads in, so the browser's (the buyer pages).
const DateDisplayContext = createContext<DateDisplay | null>(null);

/**
 * Says, for everything inside, which locale and zone dates are written in: the seller's zone in the
 * workspace (`dateDisplayIn(account.timeZone)`). Without one, dates are in the browser's zone.
 *
 * @example <DateDisplayProvider value={dateDisplayIn('Europe/Paris')}>…</DateDisplayProvider>
 */
export function DateDisplayProvider({
  value,
  children,
}: {
  value: DateDisplay;
  children: ReactNode;
}) {
  return <DateDisplayContext.Provider value={value}>{children}</DateDisplayContext.Provider>;
}

/** The locale and zone the surrounding page writes dates in, for text that cannot be a TimeText. */
export function useDateDisplay(): DateDisplay {
  return useContext(DateDisplayContext) ?? dateDisplayIn(null);
}

interface TimeTextBase {
  /** An ISO date and time; none or an unreadable one shows `missing`. */
  value: string | null | undefined;
  missing?: string;
  className?: string;
  'data-testid'?: string;
}

export type TimeTextProps = TimeTextBase &
  (
    | {
        /** The date (default) or the date with its time to the minute. */ form?:
          'date' | 'dateTime';
      }
    | { /** How long ago, counted from `now` ('3 hours ago'). */ form: 'ago'; now: Date }
  );

/**
 * A moment as every screen shows it: the date (or date and time, or how long ago) in the page's
 * locale and zone, and the exact time with seconds and the zone name on hover, so a short form never
 * hides when something happened.
 *
 * @example <TimeText value={entry.createdAt} data-testid="created-cell" />
 * // <time dateTime="2026-11-28T14:05:09.000Z" title="Nov 28, 2026, 2:05:09 PM GMT">Nov 28, 2026</time>
 */
export function TimeText(props: TimeTextProps) {
  const display = useDateDisplay();
  const { value, missing = missingDate, className } = props;
  const exact = formatTime(value, 'exact', display, '');
  if (!value || !exact) {
    return (
      <span className={className} data-testid={props['data-testid']}>
        {missing}
      </span>
    );
  }
  const text =
    props.form === 'ago'
      ? timeAgo(value, props.now)
      : formatTime(value, props.form ?? 'date', display);
  return (
    <time
      className={className}
      dateTime={new Date(value).toISOString()}
      title={exact}
      data-testid={props['data-testid']}
    >
      {text}
    </time>
  );
}
