import { useEffect, useRef } from 'react';

/** What a list of orders needs to offer ticking its rows (the dashboard's bulk actions). */
export interface RowSelection {
  isSelected: (orderNumber: string) => boolean;
  onToggle: (orderNumber: string) => void;
  page: 'all' | 'some' | 'none';
  onTogglePage: () => void;
}

/** One order's tick box; a click on it does not open the order, as a click on its row does. */
export function SelectRowBox({
  orderNumber,
  selection,
}: {
  orderNumber: string;
  selection: RowSelection;
}) {
  return (
    <input
      type="checkbox"
      className="me-select"
      checked={selection.isSelected(orderNumber)}
      onChange={() => selection.onToggle(orderNumber)}
      onClick={(event) => event.stopPropagation()}
      aria-label={`Select order ${orderNumber}`}
      data-testid="select-order"
    />
  );
}

/** The page's tick box: mixed while some of the page's orders are ticked. */
export function SelectPageBox({ selection }: { selection: RowSelection }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selection.page === 'some';
  }, [selection.page]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="me-select"
      checked={selection.page === 'all'}
      onChange={selection.onTogglePage}
      aria-label="Select the orders of this page"
      data-testid="select-page"
    />
  );
}
