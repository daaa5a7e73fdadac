import type { ReactNode } from 'react';
import { StatusBadge } from '../dashboard/OrderCells.js';
import './order-cards.css';

/** One line of a card's facts: its label and what it shows. */
export type OrderCardFact = readonly [label: string, value: ReactNode];

/** What one order's card shows, in the order it shows it. */
export interface OrderCardContent {
  key: string;
  orderNumber: string;
  /** The order number as the card heads it: a button that opens the order, or the number. */
  title: ReactNode;
  status: string;
  customer: ReactNode;
  facts: readonly OrderCardFact[];
  actions?: ReactNode;
  /** A click anywhere on the card opens the order, where there is more to see. */
  onOpen?: () => void;
}

interface OrderCardsProps<T> {
  items: readonly T[];
  card: (item: T) => OrderCardContent;
  testId: string;
  cardTestId: string;
}

/**
 * Orders on a phone, where a table would need a screen several times as wide: one card per order,
 * its number and status, the customer, then its facts two to a line. The dashboard's tracking
 * entries and the reports' results show their rows with it.
 */
export function OrderCards<T>({ items, card, testId, cardTestId }: OrderCardsProps<T>) {
  return (
    <ul className="me-cards" data-testid={testId}>
      {items.map((item) => {
        const { key, orderNumber, title, status, customer, facts, actions, onOpen } = card(item);
        return (
          <li
            key={key}
            className={onOpen ? 'me-card me-card--opens' : 'me-card'}
            onClick={onOpen}
            data-testid={cardTestId}
            data-order-number={orderNumber}
          >
            <div className="me-card__head">
              <span className="me-card__title">{title}</span>
              <StatusBadge status={status} />
            </div>
            <p className="me-card__customer">{customer}</p>
            <dl className="me-card__facts">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {actions && <div className="me-card__actions">{actions}</div>}
          </li>
        );
      })}
    </ul>
  );
}
