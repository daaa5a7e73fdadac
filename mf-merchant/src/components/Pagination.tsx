import { trackingEntryPageSizes } from '@onvelope/contracts';
import { rangeLabel } from '../shared/table-state.js';

interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  pages: number;
  onPage: (page: number) => void;
  /** Offers the page sizes when given (the dashboard's table; reports page by 100). */
  onPageSize?: (limit: number) => void;
}

/**
 * spec 000 §3 paging state: page, limit, total, pages. First, Previous and Next only: each is a page
 * the dashboard reads from a cursor or from the start (issue 41), where a jump to a far page would
 * make the service skip over every order before it.
 */
export function Pagination({ page, limit, total, pages, onPage, onPageSize }: PaginationProps) {
  const last = Math.max(1, pages);
  return (
    <nav className="me-pagination" aria-label="Pages">
      <span data-testid="pagination-range">{rangeLabel(page, limit, total)}</span>
      {onPageSize && (
        <label className="me-inline-field">
          Per page
          <select
            value={limit}
            onChange={(event) => onPageSize(Number(event.target.value))}
            data-testid="page-size"
          >
            {trackingEntryPageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      )}
      <span className="me-pagination__buttons">
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={page <= 1}
          onClick={() => onPage(1)}
          data-testid="page-first"
        >
          First
        </button>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          data-testid="page-previous"
        >
          Previous
        </button>
        <span className="me-pagination__page" data-testid="pagination-page">
          Page {page} of {last}
        </span>
        <button
          type="button"
          className="ov-button ov-button--secondary"
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
          data-testid="page-next"
        >
          Next
        </button>
      </span>
    </nav>
  );
}
