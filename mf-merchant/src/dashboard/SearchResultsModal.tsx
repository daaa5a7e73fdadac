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
  onClose: () => void;
}

/** spec 000 §2: the search results with the spec's result line; a result opens its details. */
export function SearchResultsModal({
  term,
  results,
  totalCount,
  onShip,
  onClose,
}: SearchResultsModalProps) {
  const [chosen, setChosen] = useState<TrackingEntry | null>(
    results.length === 1 ? results[0]! : null,
  );
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
      {chosen && <OrderDetails entry={chosen} onShip={onShip} />}
    </Modal>
  );
}
