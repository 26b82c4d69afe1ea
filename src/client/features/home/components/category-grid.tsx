import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import { CATEGORIES } from '../../../../shared/constants.ts';
import type { CategoryCount } from '../../../../shared/tasks/schema.ts';
import { CATEGORY_ICONS } from '../../../components/ui/category-icons.ts';
import { LoadError } from './load-error.tsx';
import { HomeSection } from './home-section.tsx';

function countLabel(count: number) {
  return `${count} ${count === 1 ? 'task' : 'tasks'}`;
}

/** Every category as a link to browse it, with its count once that has loaded. */
function Grid({ counts }: { counts: CategoryCount[] | 'loading' | 'failed' }) {
  const byCategory = new Map(
    Array.isArray(counts) ? counts.map((c) => [c.category, c.count] as const) : [],
  );
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
      {CATEGORIES.map((category) => {
        const Icon = CATEGORY_ICONS[category];
        return (
          <li key={category}>
            <Link
              to={`/browse-tasks?category=${encodeURIComponent(category)}`}
              className="group flex h-full flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 p-5 text-center transition-colors hover:border-primary"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="font-semibold group-hover:text-primary">{category}</span>
              {counts === 'loading' ? (
                <span className="skeleton h-4 w-16" aria-hidden="true" />
              ) : counts !== 'failed' ? (
                <span className="text-sm text-base-content/75">
                  {countLabel(byCategory.get(category) ?? 0)}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The categories with their number of tasks, from the home page's loader. */
export function CategoryGrid({ counts }: { counts: Promise<CategoryCount[]> }) {
  return (
    <HomeSection
      band
      title="Browse by Category"
      subtitle="Find work in your field, or the right people for your task."
    >
      <Suspense fallback={<Grid counts="loading" />}>
        <Await
          resolve={counts}
          errorElement={
            <>
              <div className="mb-6">
                <LoadError what="the task counts" />
              </div>
              <Grid counts="failed" />
            </>
          }
        >
          {(list: CategoryCount[]) => <Grid counts={list} />}
        </Await>
      </Suspense>
    </HomeSection>
  );
}
