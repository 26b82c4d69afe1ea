import { ArrowLeft, Plus } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Await, Link, useAsyncError, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Task } from '../../shared/tasks.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { PageSpinner } from '../components/ui/page-spinner.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { fetchMyTasks } from '../features/tasks/api/tasks-api.ts';
import { DeleteTaskDialogs } from '../features/tasks/components/delete-task-dialogs.tsx';
import { MyTasksList } from '../features/tasks/components/my-tasks-list.tsx';
import { sessionUser } from '../lib/auth/session-context.ts';

/** Starts loading my tasks and lets the screen show its spinner meanwhile. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const user = sessionUser(context);
  return { tasks: fetchMyTasks(user.email, 1, 100, request.signal).then((page) => page.items) };
}

function LoadFailed() {
  const error = useAsyncError();
  return (
    <FormAlert tone="error">
      {errorMessage(error, 'Your tasks could not be loaded.')} Reload the page to try again.
    </FormAlert>
  );
}

/** /my-tasks (protected): the tasks I posted, with Edit, Delete and View Bids. */
export function Component() {
  const { tasks } = useLoaderData<typeof loader>();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<Task | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className="page-container py-8 sm:py-12">
      <title>My Posted Tasks · TaskBid</title>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight sm:text-3xl"
          >
            My Posted Tasks
          </h1>
          <p className="mt-1 text-base-content/75">
            Manage your tasks and review the bids they receive.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/" className="btn btn-ghost">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
          <Link to="/add-task" className="btn btn-primary">
            <Plus className="size-4" aria-hidden="true" />
            Add New Task
          </Link>
        </div>
      </div>
      <Suspense fallback={<PageSpinner label="Loading your tasks" />}>
        <Await resolve={tasks} errorElement={<LoadFailed />}>
          {(list: Task[]) => (
            <MyTasksList tasks={list.filter((t) => !removed.has(t._id))} onDelete={setDeleting} />
          )}
        </Await>
      </Suspense>
      <DeleteTaskDialogs
        task={deleting}
        onDone={() => {
          setDeleting(null);
          if (!document.activeElement || document.activeElement === document.body) {
            headingRef.current?.focus();
          }
        }}
        onDeleted={(task) => setRemoved((current) => new Set(current).add(task._id))}
      />
    </div>
  );
}
