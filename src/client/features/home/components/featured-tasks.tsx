import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import type { Task } from '../../../../shared/tasks/schema.ts';
import { FEATURED_TASK_COUNT } from '../api/home-api.ts';
import { FeaturedTaskCard } from './featured-task-card.tsx';
import { LoadError } from './load-error.tsx';
import { HomeSection } from './home-section.tsx';

function Skeleton() {
  return (
    <ul
      className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
      aria-label="Loading featured tasks"
      aria-busy="true"
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
  );
}

function TaskList({ tasks }: { tasks: Task[] }) {
  if (tasks.length === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <p className="font-semibold">No open tasks right now</p>
        <p className="mt-1 text-base-content/75">Be the first: post a task and get bids.</p>
        <Link to="/add-task" className="btn btn-primary btn-sm mt-4">
          Post a Task
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {tasks.map((task) => (
        <li key={task._id} className="flex">
          <FeaturedTaskCard task={task} />
        </li>
      ))}
    </ul>
  );
}

/** The open tasks with the nearest deadlines, from the home page's loader. */
export function FeaturedTasks({ tasks }: { tasks: Promise<Task[]> }) {
  return (
    <HomeSection
      title="Featured Tasks"
      subtitle="Open tasks with the nearest deadlines: bid before they close."
      more={{ to: '/browse-tasks', label: 'View all tasks' }}
    >
      <Suspense fallback={<Skeleton />}>
        <Await resolve={tasks} errorElement={<LoadError what="the featured tasks" />}>
          {(list: Task[]) => <TaskList tasks={list} />}
        </Await>
      </Suspense>
    </HomeSection>
  );
}
