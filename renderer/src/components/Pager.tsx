/** Page size (where the list lets the operator choose it) and First / Previous / Next / Last, with "Page x of y". */
import { PAGE_SIZES, type PageSize } from '../router/routes';
import { formatNumber } from '../lib/format';

interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Rows per page, with its select; a list with a fixed page size leaves it out. */
  size?: { pageSize: PageSize; onPageSize: (size: PageSize) => void };
}

export function Pager({ page, pageCount, onPage, size }: PagerProps) {
  const last = Math.max(1, pageCount);
  return (
    <nav className="pager" aria-label="Pages">
      {size ? (
        <label className="pager-size">
          <span>Rows per page</span>
          <select
            className="select select-small"
            value={size.pageSize}
            onChange={(e) => size.onPageSize(Number(e.target.value) as PageSize)}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <span className="pager-position" aria-live="polite">
        Page {formatNumber(Math.min(page, last))} of {formatNumber(last)}
      </span>
      <div className="button-group">
        <button
          type="button"
          className="button button-small"
          onClick={() => onPage(1)}
          disabled={page <= 1}
          aria-label="First page"
        >
          «
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => onPage(Math.min(page - 1, last))}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          ‹ Prev
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => onPage(page + 1)}
          disabled={page >= last}
          aria-label="Next page"
        >
          Next ›
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => onPage(last)}
          disabled={page >= last}
          aria-label="Last page"
        >
          »
        </button>
      </div>
    </nav>
  );
}
