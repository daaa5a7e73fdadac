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

/** spec 000 §3 paging state: page, limit, total, pages. */
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
          onClick={() => onPage(page - 1)}
          data-testid="page-previous"
        >
          Previous
        </button>
        <span data-testid="pagination-page">
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
