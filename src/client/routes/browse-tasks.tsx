import { SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useNavigation } from 'react-router';
import { PAGE_SIZE } from '../../shared/constants.ts';
import type { CategoryCount, Task } from '../../shared/tasks/schema.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { hasCriteria } from '../../shared/alerts/rules.ts';
import type { CreateSavedSearchInput } from '../../shared/alerts/schema.ts';
import { intentAction } from '../lib/action-result.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { createSavedSearch } from '../features/alerts/api/alerts-api.ts';
import { readAlertOptions } from '../features/alerts/lib/criteria.ts';
import { SaveSearchButton } from '../features/alerts/components/save-search-button.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { fetchCategories, fetchTaskPage } from '../features/tasks/api/tasks-api.ts';
import { BrowseFilterChips } from '../features/tasks/components/browse-filter-chips.tsx';
import { BrowseFilters } from '../features/tasks/components/browse-filters.tsx';
import { BrowseResults } from '../features/tasks/components/browse-results.tsx';
import { BrowseSearchBar } from '../features/tasks/components/browse-search-bar.tsx';
import {
  EMPTY_BROWSE_STATE,
  browseApiQuery,
  browseSearch,
  criteriaOf,
  filterChips,
  hasActiveFilters,
  readBrowseState,
  type BrowseState,
} from '../features/tasks/lib/browse-query.ts';
import { BROWSE_HEADING, browsePage } from '../../shared/pages/browse.ts';

interface BrowseData {
  tasks: Task[];
  total: number;
  /** false: at least `total` tasks match ("1,000+"). */
  totalExact: boolean;
  categories: CategoryCount[];
  error: string | null;
}

export const action = intentAction({
  'save-search': async ({ text, form }) => {
    const criteria = readCriteria(text('criteria'));
    const { frequency, channels } = readAlertOptions(form);
    const saved = await createSavedSearch({ name: text('name'), criteria, frequency, channels });
    return { saved: saved._id };
  },
});

/** The dialog's criteria field; anything that is not an object is sent as none (a 400). */
function readCriteria(json: string): CreateSavedSearchInput['criteria'] {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

export { shouldRevalidate } from '../lib/action-result.ts';

export async function loader({ request }: { request: Request }): Promise<BrowseData> {
  const state = readBrowseState(new URL(request.url).searchParams);
  const [page, categories] = await Promise.allSettled([
    fetchTaskPage(browseApiQuery(state, PAGE_SIZE), request.signal),
    fetchCategories(request.signal),
  ]);
  return {
    tasks: page.status === 'fulfilled' ? page.value.items : [],
    total: page.status === 'fulfilled' ? page.value.total : 0,
    totalExact: page.status === 'fulfilled' ? page.value.totalExact : true,
    categories: categories.status === 'fulfilled' ? categories.value : [],
    error:
      page.status === 'rejected'
        ? errorMessage(page.reason, 'The tasks could not be loaded.')
        : null,
  };
}

/** /browse-tasks: search, filter, sort and page through every task. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const applied = readBrowseState(new URLSearchParams(location.search));
  const { user } = useAuth();
  const criteria = criteriaOf(applied);

  // The fields follow the URL (Back, links, Reset) but may be edited before applying;
  // what is typed while an applied search is still loading is kept.
  const [draft, setDraft] = useState<BrowseState>(applied);
  const [appliedDraft, setAppliedDraft] = useState<BrowseState | null>(null);
  const [syncedSearch, setSyncedSearch] = useState(location.search);
  if (syncedSearch !== location.search) {
    setSyncedSearch(location.search);
    if (appliedDraft === null || appliedDraft === draft) setDraft(applied);
    setAppliedDraft(null);
  }
  const [showFilters, setShowFilters] = useState(() =>
    hasActiveFilters({ ...applied, search: '' }),
  );

  const go = (next: BrowseState) => void navigate(`/browse-tasks${browseSearch(next)}`);
  const apply = (patch: Partial<BrowseState>) => {
    setAppliedDraft(draft);
    go({ ...draft, ...patch, page: 1 });
  };
  // While a chip's removal loads, the chips already show its result, and the next × starts
  // from it: quick clicks on several × each remove their own filter.
  const pending =
    navigation.location?.pathname === '/browse-tasks'
      ? readBrowseState(new URLSearchParams(navigation.location.search))
      : null;
  const chipped = pending ?? applied;
  /** A chip's ×: the applied filters without that one (unapplied edits are left out). */
  const removeFilter = (patch: Partial<BrowseState>) => go({ ...chipped, ...patch, page: 1 });
  const reset = () => go({ ...EMPTY_BROWSE_STATE });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply({});
  };

  const loading =
    navigation.state === 'loading' && navigation.location.pathname === '/browse-tasks';
  const pageCount = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  const hrefFor = (page: number) => `/browse-tasks${browseSearch({ ...applied, page })}`;
  const categories =
    applied.category && !data.categories.some((c) => c.category === applied.category)
      ? [...data.categories, { category: applied.category, count: 0 } as CategoryCount]
      : data.categories;

  return (
    <div>
      <title>{browsePage(applied).title}</title>
      <section className="border-b border-base-300 bg-base-200">
        <div className="page-container py-10 sm:py-14">
          <nav aria-label="Breadcrumb" className="breadcrumbs p-0 text-sm">
            <ul>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li aria-current="page">Browse Tasks</li>
            </ul>
          </nav>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl">
            {BROWSE_HEADING.heading}
          </h1>
          <p className="mt-3 max-w-2xl text-base-content/75">{BROWSE_HEADING.intro}</p>
        </div>
      </section>
      <div className="page-container py-8">
        <form
          role="search"
          aria-label="Search and filter tasks"
          onSubmit={onSubmit}
          noValidate={false}
        >
          <BrowseSearchBar
            value={draft.search}
            onChange={(search) => setDraft((d) => ({ ...d, search }))}
            onClear={() => apply({ search: '' })}
          />
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-expanded={showFilters}
              aria-controls="browse-filters"
              onClick={() => setShowFilters((v) => !v)}
            >
              <SlidersHorizontal className="size-4" aria-hidden="true" />
              {showFilters ? 'Hide Filters' : 'Show Filters'}
            </button>
            {showFilters ? null : (
              <BrowseFilterChips chips={filterChips(chipped)} onRemove={removeFilter} />
            )}
          </div>
          <BrowseFilters
            id="browse-filters"
            hidden={!showFilters}
            draft={draft}
            categories={categories}
            onEdit={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            onApply={apply}
            onReset={reset}
          />
        </form>
        {user && hasCriteria(criteria) ? (
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <SaveSearchButton key={location.search} criteria={criteria} />
          </div>
        ) : null}
        {data.error ? (
          <FormAlert tone="error" className="mt-6">
            {data.error}
          </FormAlert>
        ) : (
          <BrowseResults
            tasks={data.tasks}
            total={data.total}
            totalExact={data.totalExact}
            page={applied.page}
            pageCount={pageCount}
            loading={loading}
            hrefFor={hrefFor}
            onResetAll={reset}
          />
        )}
      </div>
    </div>
  );
}
