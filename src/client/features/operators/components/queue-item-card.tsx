import { Flag, Hand } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { RULES } from '../../../../shared/operators/rules.ts';
import type { QueueItem } from '../../../../shared/operators/schema.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isFailure } from '../../../lib/action-result.ts';
import { isSubmitting } from '../../../lib/pending.ts';
import type { Outcome } from './decide-dialog.tsx';
import { formatHours } from './hours.ts';
import { REPORT_TARGET_NAMES } from './report-targets.ts';
import { ReportSnapshot } from './report-snapshot.tsx';

interface QueueItemCardProps {
  item: QueueItem;
  /** The operator at the console. */
  meId: string;
  /** Whether they may act (moderators and admins); support only reads. */
  canAct: boolean;
  onDecide: (outcome: Outcome) => void;
}

function takenBy(item: QueueItem, meId: string): string {
  if (!item.assignedTo) return 'Not taken yet';
  return item.assignedTo === meId ? 'Taken by you' : 'Taken by another operator';
}

/**
 * One open item of the queue: what was reported and by how many, in which categories, their
 * comments, and what it said then. Moderators take it (intent `assign`), then uphold or dismiss.
 */
export function QueueItemCard({ item, meId, canAct, onDecide }: QueueItemCardProps) {
  const take = useFetcher<unknown>();
  const taking = isSubmitting(take);
  const refusal = take.state === 'idle' && isFailure(take.data) ? take.data.error.message : null;
  const kind = REPORT_TARGET_NAMES[item.targetType];
  const headingId = `queue-item-${item.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold">
            <span className="badge badge-neutral badge-sm mr-2 align-middle">{kind}</span>
            {item.authorId ? (
              <>
                by{' '}
                <Link to={`/admin/people/${item.authorId}`} className="link" dir="auto">
                  {item.authorName ?? 'Unnamed'}
                </Link>
              </>
            ) : (
              'by an erased account'
            )}
          </h2>
          <p className="mt-1 text-sm text-base-content/75">
            Open for {formatHours(item.ageHours)} · {takenBy(item, meId)}
          </p>
          {item.moderation === 'held' ? (
            <p className="mt-1 text-sm font-medium">Hidden from others while under review</p>
          ) : null}
        </div>
        <dl className="flex shrink-0 gap-4 text-sm">
          <div>
            <dt className="text-base-content/75">Score</dt>
            <dd className="font-semibold tabular-nums">{item.score}</dd>
          </div>
          <div>
            <dt className="text-base-content/75">Reports</dt>
            <dd className="font-semibold tabular-nums">{item.reportCount}</dd>
          </div>
        </dl>
      </header>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium">Reported for</h3>
        <ul className="flex flex-wrap gap-2">
          {item.categories.map((category) => (
            <li
              key={category}
              className="badge badge-outline h-auto min-h-6 gap-1 py-0.5 text-left"
            >
              <Flag className="size-3 shrink-0" aria-hidden="true" />
              {RULES[category]}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium">What it said when reported</h3>
        <ReportSnapshot snapshot={item.snapshot} />
        {item.targetType === 'task' ? (
          <Link to={`/admin/tasks/${item.targetId}`} className="link self-start text-sm">
            Open the task in the console
          </Link>
        ) : null}
      </div>
      {item.comments.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">Reporters’ comments</h3>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
            {item.comments.map((comment, index) => (
              <li key={index} dir="auto" className="break-words">
                {comment}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {canAct ? (
        <div className="flex flex-wrap gap-2 border-t border-base-300 pt-4">
          {item.assignedTo !== meId ? (
            <take.Form method="post">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="id" value={item.id} />
              <button type="submit" className="btn btn-sm btn-outline" disabled={taking}>
                {taking ? (
                  <Spinner size="sm" label="Taking" />
                ) : (
                  <Hand className="size-4" aria-hidden="true" />
                )}
                Take
              </button>
            </take.Form>
          ) : null}
          <button type="button" className="btn btn-sm btn-error" onClick={() => onDecide('upheld')}>
            Uphold
          </button>
          <button
            type="button"
            className="btn btn-sm btn-ghost border-base-300"
            onClick={() => onDecide('dismissed')}
          >
            Dismiss
          </button>
        </div>
      ) : null}
      {refusal ? <FormAlert tone="error">{refusal}</FormAlert> : null}
    </article>
  );
}
