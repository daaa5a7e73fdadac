import { useState } from 'react';
import { statusFilters, type StatusFilter } from '../domain/table-state.js';
import { statusLabel } from '../domain/display-format.js';

interface TrackingToolbarProps {
  status: StatusFilter;
  hideShipped: boolean;
  searching: boolean;
  onStatus: (status: StatusFilter) => void;
  onHideShipped: (hide: boolean) => void;
  onSearch: (term: string) => void;
}

/** spec 000 §2: search box (disabled when empty, Enter searches), status filter, hide-shipped. */
export function TrackingToolbar({
  status,
  hideShipped,
  searching,
  onStatus,
  onHideShipped,
  onSearch,
}: TrackingToolbarProps) {
  const [term, setTerm] = useState('');
  const canSearch = term.trim() !== '' && !searching;
  return (
    <div className="me-toolbar">
      <form
        className="me-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSearch) onSearch(term.trim());
        }}
      >
        <input
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Order number, name, email, postcode or tracking number"
          aria-label="Search orders"
          data-testid="search-input"
        />
        <button
          type="submit"
          className="ov-button"
          disabled={!canSearch}
          data-testid="search-button"
        >
          {searching ? 'Searching…' : 'Search'}
        </button>
      </form>
      <label className="me-inline-field">
        Status
        <select
          value={status}
          onChange={(event) => onStatus(event.target.value as StatusFilter)}
          data-testid="status-filter"
        >
          {statusFilters.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? 'All' : statusLabel(value)}
            </option>
          ))}
        </select>
      </label>
      <label className="me-inline-field">
        <input
          type="checkbox"
          checked={hideShipped}
          onChange={(event) => onHideShipped(event.target.checked)}
          data-testid="hide-shipped"
        />
        Hide shipped
      </label>
    </div>
  );
}
