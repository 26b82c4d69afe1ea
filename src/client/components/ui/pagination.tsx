import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The link of a page (keeps the rest of the query string). */
  hrefFor: (page: number) => string;
  label?: string;
}

/** Page numbers to show: first, last, and the neighbours of the current page; null = "…". */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1]);
  if (page <= 3) [2, 3, 4].forEach((p) => pages.add(p));
  if (page >= pageCount - 2)
    [pageCount - 3, pageCount - 2, pageCount - 1].forEach((p) => pages.add(p));
  const sorted = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(p - prev === 2 ? p - 1 : null);
    out.push(p);
  });
  return out;
}

/** The pagination strip: Previous, numbered pages with an ellipsis, Next. */
export function Pagination({ page, pageCount, hrefFor, label = 'Pagination' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const base = 'join-item btn btn-sm sm:btn-md';
  return (
    <nav aria-label={label} className="flex justify-center">
      <ul className="join">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={base} rel="prev" aria-label="Previous">
              <ChevronLeft className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">Previous</span>
            </Link>
          ) : (
            <button type="button" className={base} disabled aria-label="Previous">
              <ChevronLeft className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">Previous</span>
            </button>
          )}
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`}>
              <span className={`${base} btn-disabled`} aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                className={`${base} ${p === page ? 'btn-primary' : ''}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} className={base} rel="next" aria-label="Next">
              <span className="hidden sm:inline">Next</span>
              <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <button type="button" className={base} disabled aria-label="Next">
              <span className="hidden sm:inline">Next</span>
              <ChevronRight className="size-4" aria-hidden="true" />
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
