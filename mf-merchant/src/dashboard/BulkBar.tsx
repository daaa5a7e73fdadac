import type { BulkBarAction } from './bulk-selection.js';
import { formatCount as count } from '../shared/display-format.js';
import './bulk-actions.css';

interface BulkBarProps {
  selected: number;
  /** Every order of the page is ticked: offer all those matching the filter. */
  wholePage: boolean;
  allMatching: boolean;
  /** How many orders match the table's filter. */
  total: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkBarAction) => void;
}

/**
 * Above the table while orders are ticked (issue 38 item 5): how many, the "select all N
 * matching" link once the whole page is ticked, and the actions (ship, apply a rule, export,
 * delete), each asking before it starts.
 */
export function BulkBar({
  selected,
  wholePage,
  allMatching,
  total,
  onSelectAllMatching,
  onClear,
  onAction,
}: BulkBarProps) {
  if (selected === 0) return null;
  return (
    <div className="me-bulk-bar" role="region" aria-label="Bulk actions" data-testid="bulk-bar">
      <p className="me-bulk-bar__count" data-testid="bulk-count">
        {allMatching
          ? `All ${count(total)} matching orders are selected.`
          : `${count(selected)} selected.`}{' '}
        {wholePage && !allMatching && total > selected && (
          <button
            type="button"
            className="me-link-button"
            onClick={onSelectAllMatching}
            data-testid="select-all-matching"
          >
            Select all {count(total)} matching
          </button>
        )}{' '}
        <button type="button" className="me-link-button" onClick={onClear} data-testid="bulk-clear">
          Clear selection
        </button>
      </p>
      <div className="me-bulk-bar__actions">
        <button
          type="button"
          className="ov-button"
          onClick={() => onAction('ship')}
          data-testid="bulk-ship"
        >
          Ship…
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => onAction('apply_rule')}
          data-testid="bulk-apply-rule"
        >
          Apply rule…
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          onClick={() => onAction('export')}
          data-testid="bulk-export"
        >
          Export…
        </button>
        <button
          type="button"
          className="ov-button ov-button--danger"
          onClick={() => onAction('delete')}
          data-testid="bulk-delete"
        >
          Delete…
        </button>
      </div>
    </div>
  );
}
