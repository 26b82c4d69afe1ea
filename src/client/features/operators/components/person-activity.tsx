import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RULES, type CaseState } from '../../../../shared/operators/rules.ts';
import type { OperatorPersonDetail } from '../../../../shared/operators/schema.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { REPORT_TARGET_NAMES } from './report-targets.ts';

const CASE_WORDS: Record<CaseState, string> = {
  open: 'Open',
  upheld: 'Upheld',
  dismissed: 'Dismissed',
};

const MODERATION_WORDS = { held: 'Held', removed: 'Removed', limited: 'Out of browse' } as const;

type Person = OperatorPersonDetail;

/** One line of a person's activity: what it is (a link where it has a page) and its facts. */
function Row({ main, facts }: { main: ReactNode; facts: string[] }) {
  return (
    <li className="flex flex-col gap-0.5 border-b border-base-300 py-2 last:border-b-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <span className="min-w-0 break-words">{main}</span>
      <span className="shrink-0 text-sm text-base-content/75">{facts.join(' · ')}</span>
    </li>
  );
}

function List({ empty, children }: { empty: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className="text-sm text-base-content/75">{empty}</p>;
  return <ul>{children}</ul>;
}

const taskLink = (id: string, title: string) => (
  <Link to={`/admin/tasks/${id}`} className="link" dir="auto">
    {title}
  </Link>
);

/** A person's latest tasks and bids. */
export function PersonWork({ person }: { person: Person }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="person-tasks">
        <h3 id="person-tasks" className="mb-1 font-semibold">
          Latest tasks ({person.tasksPosted} in all)
        </h3>
        <List empty="No tasks posted.">
          {person.recentTasks.map((task) => (
            <Row
              key={task.id}
              main={taskLink(task.id, task.title)}
              facts={[
                task.status,
                ...(task.moderation ? [MODERATION_WORDS[task.moderation]] : []),
                formatDateTime(task.createdAt),
              ]}
            />
          ))}
        </List>
      </section>
      <section aria-labelledby="person-bids">
        <h3 id="person-bids" className="mb-1 font-semibold">
          Latest bids ({person.bidsPlaced} in all)
        </h3>
        <List empty="No bids placed.">
          {person.recentBids.map((bid) => (
            <Row
              key={bid.id}
              main={taskLink(bid.taskId, bid.taskTitle)}
              facts={[formatMoney(bid.amount), bid.status, formatDateTime(bid.createdAt)]}
            />
          ))}
        </List>
      </section>
    </div>
  );
}

/** The queue items about what a person wrote, and the reports they filed. */
export function PersonReports({ person }: { person: Person }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="reports-against">
        <h3 id="reports-against" className="mb-1 font-semibold">
          About what they wrote
        </h3>
        <List empty="Nothing of theirs was reported.">
          {person.reportsAgainst.map((item) => (
            <Row
              key={item.id}
              main={
                item.targetType === 'task'
                  ? taskLink(item.targetId, 'Task')
                  : REPORT_TARGET_NAMES[item.targetType]
              }
              facts={[
                CASE_WORDS[item.status],
                `${item.reportCount} ${item.reportCount === 1 ? 'report' : 'reports'}`,
                `score ${item.score}`,
                formatDateTime(item.openedAt),
              ]}
            />
          ))}
        </List>
      </section>
      <section aria-labelledby="reports-by">
        <h3 id="reports-by" className="mb-1 font-semibold">
          Filed by them
        </h3>
        <List empty="They have reported nothing.">
          {person.reportsBy.map((filed) => (
            <Row
              key={filed.id}
              main={`${REPORT_TARGET_NAMES[filed.targetType]}: ${RULES[filed.category]}`}
              facts={[CASE_WORDS[filed.status], formatDateTime(filed.createdAt)]}
            />
          ))}
        </List>
      </section>
    </div>
  );
}
