import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import type { Task } from '../../../../shared/tasks/schema.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { BrowseTaskCard } from './browse-task-card.tsx';

interface BrowseResultsProps {
  tasks: Task[];
  total: number;
  /** false: `total` is a lower bound, shown as "1,000+". */
  totalExact: boolean;
  page: number;
  pageCount: number;
  loading: boolean;
  hrefFor: (page: number) => string;
  onResetAll: () => void;
}

/** The counter, the cards (or the empty state) and the pagination strip. */
export function BrowseResults({
  tasks,
  total,
  totalExact,
  page,
  pageCount,
  loading,
  hrefFor,
  onResetAll,
}: BrowseResultsProps) {
  return (
    <section aria-label="Tasks" aria-busy={loading} className="relative mt-6">
      <div className="mb-4 flex min-h-8 items-center justify-between gap-3">
        <p className="text-sm text-base-content/75" aria-live="polite">
          Showing {tasks.length} of {total.toLocaleString('en-US')}
          {totalExact ? '' : '+'}
        </p>
        {loading ? <Spinner size="sm" label="Loading tasks" /> : null}
      </div>
      {tasks.length === 0 && total > 0 && page > pageCount ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
          <SearchX className="size-12 text-base-content/40" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No tasks on this page</h2>
          <p className="max-w-sm text-base-content/75">
            Page {page} is past the end: there{' '}
            {pageCount === 1 ? 'is 1 page' : `are ${pageCount} pages`}.
          </p>
          <Link to={hrefFor(pageCount)} className="btn btn-primary">
            Go to page {pageCount}
          </Link>
        </div>
      ) : tasks.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
          <SearchX className="size-12 text-base-content/40" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No tasks found</h2>
          <p className="max-w-sm text-base-content/75">Try other words or fewer filters.</p>
          <button type="button" className="btn btn-primary" onClick={onResetAll}>
            Reset All Filters
          </button>
        </div>
      ) : (
        <ul
          className={`grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 ${loading ? 'opacity-60' : ''}`}
        >
          {tasks.map((task) => (
            <li key={task._id}>
              <BrowseTaskCard task={task} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8">
        <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label="Task pages" />
      </div>
    </section>
  );
}
