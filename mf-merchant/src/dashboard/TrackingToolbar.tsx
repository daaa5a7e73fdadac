import { useState } from 'react';
import { SEARCH_ANYWHERE_MIN_LENGTH, searchedFieldsHint } from '@onvelope/contracts';
import {
  sortFieldLabels,
  sortOrderLabels,
  statusFilters,
  type SortField,
  type SortOrder,
  type StatusFilter,
} from '../shared/table-state.js';
import { statusLabel } from '../shared/display-format.js';

interface TrackingToolbarProps {
  status: StatusFilter;
  hideShipped: boolean;
  searching: boolean;
  sortBy: SortField;
  sortOrder: SortOrder;
  onStatus: (status: StatusFilter) => void;
  onSortBy: (field: SortField) => void;
  onSortOrder: (order: SortOrder) => void;
  onHideShipped: (hide: boolean) => void;
  onSearch: (term: string) => void;
}

/**
 * spec 000 §2: search box (disabled when empty, Enter searches), status filter, hide-shipped, and
 * the sort field and direction (the same sort as the header clicks, and the only one on phones).
 */
export function TrackingToolbar({
  status,
  hideShipped,
  searching,
  sortBy,
  sortOrder,
  onStatus,
  onSortBy,
  onSortOrder,
  onHideShipped,
  onSearch,
}: TrackingToolbarProps) {
  const [term, setTerm] = useState('');
  const canSearch = term.trim() !== '' && !searching;
  const matchesWordStarts =
    term.trim().length > 0 && term.trim().length < SEARCH_ANYWHERE_MIN_LENGTH;
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
          placeholder={searchedFieldsHint}
          aria-label="Search orders"
          aria-describedby={matchesWordStarts ? 'me-search-hint' : undefined}
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
        {matchesWordStarts && (
          <p id="me-search-hint" className="me-search__hint" data-testid="search-hint">
            {term.trim().length === 1
              ? 'One character finds words that start with it'
              : 'Two characters find words that start with them'}
            ; type {SEARCH_ANYWHERE_MIN_LENGTH} or more to search anywhere in a value.
          </p>
        )}
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
        Sort by
        <select
          value={sortBy}
          onChange={(event) => onSortBy(event.target.value as SortField)}
          data-testid="sort-field"
        >
          {Object.entries(sortFieldLabels).map(([field, label]) => (
            <option key={field} value={field}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="me-inline-field">
        <span className="me-visually-hidden">Sort direction</span>
        <select
          value={sortOrder}
          onChange={(event) => onSortOrder(event.target.value as SortOrder)}
          data-testid="sort-direction"
        >
          {(['desc', 'asc'] as const).map((order) => (
            <option key={order} value={order}>
              {sortOrderLabels(sortBy)[order]}
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
