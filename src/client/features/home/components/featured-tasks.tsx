import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useAsyncData } from '../../../lib/use-async-data.ts';
import { FEATURED_TASK_COUNT, fetchFeaturedTasks } from '../api/home-api.ts';
import { FeaturedTaskCard } from './featured-task-card.tsx';
import { LoadError } from './load-error.tsx';
import { SectionHeading } from './section-heading.tsx';

export function FeaturedTasks() {
  const result = useAsyncData(fetchFeaturedTasks);
  return (
    <section
      aria-labelledby="featured-heading"
      aria-busy={result.status === 'loading'}
      className="page-container py-16"
    >
      <SectionHeading
        id="featured-heading"
        title="Featured Tasks"
        subtitle="Open tasks with the nearest deadlines: bid before they close."
        action={
          <Link to="/browse-tasks" className="btn btn-ghost btn-sm text-primary">
            View all tasks
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
      {result.status === 'loading' ? (
        <ul
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          aria-label="Loading featured tasks"
        >
          {Array.from({ length: FEATURED_TASK_COUNT }, (_, i) => (
            <li key={i} className="overflow-hidden rounded-box border border-base-300">
              <div className="skeleton aspect-video w-full rounded-none" />
              <div className="space-y-3 p-5">
                <div className="skeleton h-4 w-1/3" />
                <div className="skeleton h-5 w-4/5" />
                <div className="skeleton h-4 w-full" />
                <div className="skeleton h-8 w-full" />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {result.status === 'error' ? (
        <LoadError what="the featured tasks" error={result.error} onRetry={result.retry} />
      ) : null}
      {result.status === 'success' && result.data.length === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
          <p className="font-semibold">No open tasks right now</p>
          <p className="mt-1 text-base-content/75">Be the first: post a task and get bids.</p>
          <Link to="/add-task" className="btn btn-primary btn-sm mt-4">
            Post a Task
          </Link>
        </div>
      ) : null}
      {result.status === 'success' && result.data.length > 0 ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {result.data.map((task) => (
            <li key={task._id} className="flex">
              <FeaturedTaskCard task={task} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
