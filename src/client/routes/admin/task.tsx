import { ArrowLeft, Flag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  moderationNotice,
  ROLE_NAMES,
  RULES,
  type RuleId,
} from '../../../shared/operators/rules.ts';
import type { ConsoleTask } from '../../../shared/operators/schema.ts';
import { Panel } from '../../components/ui/panel.tsx';
import {
  fetchConsoleTask,
  hideTask,
  restoreTask,
} from '../../features/operators/api/operators-api.ts';
import { TaskActions } from '../../features/operators/components/task-actions.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { intentAction, shouldRevalidate } from '../../lib/action-result.ts';
import { operatorOnly, useConsoleUser } from './console-context.ts';

export { shouldRevalidate };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  await operatorOnly(context);
  return fetchConsoleTask(params.id ?? '', request.signal);
}

export const action = intentAction({
  // Sent as posted: anything but a rule is the server's to refuse, beside the field.
  hide: ({ text }) =>
    hideTask(text('id'), { rule: text('rule') as RuleId, reason: text('reason') }),
  restore: ({ text }) => restoreTask(text('id'), text('reason')),
});

const CASE_WORDS = { open: 'Open', upheld: 'Upheld', dismissed: 'Dismissed' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-base-content/75">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** Where the task stands with moderation, in words. */
function standing(task: ConsoleTask): string {
  if (task.moderation === 'limited') return 'Out of browse: its owner is limited';
  return moderationNotice(task.moderation, task.moderationRule) ?? 'Shown to everyone';
}

/** /admin/tasks/:id (operators): a task, its owner, its reports; moderators hide or restore it. */
export function Component() {
  const task = useLoaderData<typeof loader>();
  const me = useConsoleUser();
  return (
    <>
      <title>{`${task.title} · Tasks · Console · TaskBid`}</title>
      <Link to="/admin/queue" className="btn btn-ghost btn-sm mb-4 -ml-2">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Review queue
      </Link>
      <header className="mb-6">
        <p className="text-sm text-base-content/75">Task</p>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl" dir="auto">
          {task.title}
        </h1>
        <p className="mt-1 text-base-content/75">
          <Link to={`/browse-tasks/${task.id}`} className="link">
            Task page
          </Link>
        </p>
      </header>
      <div className="flex flex-col gap-6">
        <Panel title="Task">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Fact label="Owner">
              <Link to={`/admin/people/${task.owner.id}`} className="link" dir="auto">
                {task.owner.name || 'Unnamed'}
              </Link>{' '}
              <span className="text-sm font-normal text-base-content/75">
                ({ROLE_NAMES[task.owner.role]})
              </span>
            </Fact>
            <Fact label="Status">{task.status}</Fact>
            <Fact label="Posted">{formatDateTime(task.createdAt)}</Fact>
            <Fact label="Moderation">{standing(task)}</Fact>
          </dl>
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-medium">Description</h3>
            <p className="text-sm whitespace-pre-line break-words" dir="auto">
              {task.description}
            </p>
          </div>
        </Panel>
        <Panel title="Actions">
          <TaskActions task={task} me={me} />
        </Panel>
        <Panel title={`Reports (${task.reports.length})`}>
          {task.reports.length === 0 ? (
            <p className="text-sm text-base-content/75">Nobody has reported this task.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-base-300">
              {task.reports.map((report) => (
                <li key={report.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="badge badge-outline h-auto min-h-6 gap-1 py-0.5 text-left">
                      <Flag className="size-3 shrink-0" aria-hidden="true" />
                      {RULES[report.category]}
                    </span>
                    <span className="text-base-content/75">
                      {formatDateTime(report.createdAt)} · weight {report.weight} ·{' '}
                      {CASE_WORDS[report.caseStatus]}
                    </span>
                  </p>
                  {report.comment ? (
                    <p className="text-sm break-words" dir="auto">
                      {report.comment}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
