import { useState } from 'react';
import type { TrackingEntry } from '@onvelope/contracts';
import { Modal } from '../components/Modal.js';
import { customerOf } from '../shared/display-format.js';
import { StatusBadge } from './OrderCells.js';
import { searchResultMessage } from '../shared/workspace-messages.js';
import { OrderDetails } from './OrderDetails.js';

interface SearchResultsModalProps {
  term: string;
  results: TrackingEntry[];
  totalCount: number;
  onShip: (entry: TrackingEntry) => void;
  /** Told when an order was changed from its details here (the dashboard behind reloads). */
  onChanged: () => void;
  onClose: () => void;
}

/**
 * spec 000 §2: the search results with the spec's result line; a result opens its details. An
 * order edited or deleted there changes its row too, not only the details under it.
 */
export function SearchResultsModal({
  term,
  results: found,
  totalCount,
  onShip,
  onChanged,
  onClose,
}: SearchResultsModalProps) {
  const [results, setResults] = useState(found);
  const [chosen, setChosen] = useState<TrackingEntry | null>(found.length === 1 ? found[0]! : null);
  const changed = (before: TrackingEntry, after: TrackingEntry | null) => {
    setResults((rows) =>
      after
        ? rows.map((row) => (row.id === before.id ? after : row))
        : rows.filter((row) => row.id !== before.id),
    );
    // A deleted order's details stay open to say so.
    if (after) setChosen(after);
    onChanged();
  };
  return (
    <Modal title={`Search results for “${term}”`} onClose={onClose} testId="search-results" wide>
      <p data-testid="search-results-message">{searchResultMessage(totalCount)}</p>
      {results.length < totalCount && (
        <p className="me-muted">
          Showing the first {results.length}; narrow the search to see the others.
        </p>
      )}
      {results.length > 0 && (
        <table className="me-table me-table--compact">
          <thead>
            <tr>
              <th scope="col">Order number</th>
              <th scope="col">Customer</th>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
              <th scope="col">Tracking number</th>
            </tr>
          </thead>
          <tbody>
            {results.map((entry) => (
              <tr
                key={entry.id}
                className={chosen?.id === entry.id ? 'me-row me-row--chosen' : 'me-row'}
                onClick={() => setChosen(entry)}
                data-testid="search-result-row"
              >
                <td>{entry.orderNumber}</td>
                <td>{customerOf(entry)}</td>
                <td>{entry.email ?? '—'}</td>
                <td>
                  <StatusBadge status={entry.status} />
                </td>
                <td>{entry.trackingNumber ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {chosen && (
        <OrderDetails
          entry={chosen}
          onShip={onShip}
          onChanged={(_toast, after) => changed(chosen, after)}
        />
      )}
    </Modal>
  );
}
