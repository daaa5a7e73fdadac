import type { BulkBarAction } from './bulk-selection.js';
import { formatCount as count } from '../shared/display-format.js';
import './bulk-actions.css';

/** The bar's actions, in order: shipping first and strongest, deleting last and in red. */
const bulkButtons: { action: BulkBarAction; text: string; look: string; testId: string }[] = [
  { action: 'ship', text: 'Ship…', look: '', testId: 'bulk-ship' },
  {
    action: 'apply_rule',
    text: 'Apply rule…',
    look: 'ov-button--secondary',
    testId: 'bulk-apply-rule',
  },
  { action: 'export', text: 'Export…', look: 'ov-button--secondary', testId: 'bulk-export' },
  { action: 'delete', text: 'Delete…', look: 'ov-button--danger', testId: 'bulk-delete' },
];

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
        {bulkButtons.map(({ action, text, look, testId }) => (
          <button
            key={action}
            type="button"
            className={`ov-button ${look}`.trim()}
            onClick={() => onAction(action)}
            data-testid={testId}
          >
            {text}
          </button>
        ))}
      </div>
    </div>
  );
}
