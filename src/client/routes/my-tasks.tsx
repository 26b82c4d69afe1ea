import { ArrowLeft, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Task } from '../../shared/tasks/schema.ts';
import { ListPage } from '../components/ui/list-page.tsx';
import { intentAction } from '../lib/action-result.ts';
import { sessionUser } from '../lib/auth/session-context.ts';
import { deferred } from '../lib/deferred.ts';
import { pageFrom } from '../lib/paging.ts';
import { deleteTask, fetchMyTasks } from '../features/tasks/api/tasks-api.ts';
import { DeleteTaskDialogs } from '../features/tasks/components/delete-task-dialogs.tsx';
import { MyTasksList } from '../features/tasks/components/my-tasks-list.tsx';

const PAGE_SIZE = 20;

/** Starts loading one page of my tasks and lets the screen show its spinner meanwhile. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageFrom(request.url);
  const tasks = sessionUser(context).then((user) =>
    fetchMyTasks(user.email, { page, limit: PAGE_SIZE }, request.signal),
  );
  return { page, tasks: deferred(tasks) };
}

/** Delete one of my tasks (the server checks that it is mine). */
export const action = intentAction({
  delete: ({ text }) => deleteTask(text('taskId')),
});

export { shouldRevalidate } from '../lib/action-result.ts';

/** /my-tasks (protected): the tasks I posted, a page at a time, with Edit, Delete and View Bids. */
export function Component() {
  const { page, tasks } = useLoaderData<typeof loader>();
  const [deleting, setDeleting] = useState<Task | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <ListPage
        title="My Posted Tasks"
        intro="Manage your tasks and review the bids they receive."
        noun="tasks"
        headingRef={headingRef}
        actions={
          <>
            <Link to="/" className="btn btn-ghost">
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to Home
            </Link>
            <Link to="/add-task" className="btn btn-primary">
              <Plus className="size-4" aria-hidden="true" />
              Add New Task
            </Link>
          </>
        }
        resolve={tasks}
        page={page}
        pageSize={PAGE_SIZE}
      >
        {(items) => <MyTasksList tasks={items} onDelete={setDeleting} />}
      </ListPage>
      <DeleteTaskDialogs
        task={deleting}
        onDone={() => {
          setDeleting(null);
          if (!document.activeElement || document.activeElement === document.body) {
            headingRef.current?.focus();
          }
        }}
      />
    </>
  );
}
