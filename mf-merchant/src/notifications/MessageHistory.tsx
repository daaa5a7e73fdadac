import type { ReactNode } from 'react';
import { TimeText } from '@onvelope/ui';

/** One message of a history, as its list shows it. */
export interface MessageHistoryItem {
  id: string;
  /** What the message was: its milestone or kind, in words. */
  title: string;
  /** The record's state (the class and `data-state`) and its words. */
  state: string;
  stateText: string;
  at: string;
  /** Why it waits or was not sent; null once sent. */
  why: string | null;
  /** What else the line says of it (the address, the subject). */
  detail: ReactNode;
  /** Its `data-*` attributes for the browser tests (`data-milestone`, `data-kind`). */
  data: Record<`data-${string}`, string>;
}

/**
 * A list of messages sent or waiting (issue 34), newest first: what each was, its state, when, and
 * why one waits or was not sent. Test ids are `testId`, `{testId}-state` and `{testId}-why`.
 */
export function MessageHistory({
  items,
  testId,
}: {
  items: readonly MessageHistoryItem[];
  testId: string;
}) {
  return (
    <ul className="me-notify__list">
      {items.map((item) => (
        <li key={item.id} data-testid={testId} {...item.data} data-state={item.state}>
          <span className="me-order-messages__what">
            <strong>{item.title}</strong>{' '}
            <span
              className={`me-order-messages__state me-order-messages__state--${item.state}`}
              data-testid={`${testId}-state`}
            >
              {item.stateText}
            </span>
          </span>
          <TimeText className="me-muted" value={item.at} form="dateTime" />
          {item.detail}
          {item.why && (
            <span className="me-order-messages__why" data-testid={`${testId}-why`}>
              {item.why}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Reads a history again (the list does not follow new messages by itself). */
export function RefreshButton({
  onClick,
  disabled,
  testId,
}: {
  onClick: () => void;
  disabled: boolean;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="me-link-button"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      Refresh
    </button>
  );
}
