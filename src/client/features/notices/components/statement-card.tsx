import type { ReactNode } from 'react';
import { STATEMENT_ACTION_NAMES } from '../../../../shared/operators/rules.ts';
import type { Statement } from '../../../../shared/operators/schema.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

const APPEAL_WORDS = {
  open: { label: 'Appeal waiting for a moderator', tone: 'badge-info' },
  upheld: { label: 'Appeal refused: the decision stands', tone: 'badge-neutral' },
  overturned: { label: 'Overturned on appeal', tone: 'badge-success' },
} as const;

/** How long what a statement says lasts, in words. */
function lasting(statement: Statement): string | null {
  if (statement.action === 'ban') return 'No end date';
  return statement.until ? `Until ${formatDate(statement.until)} (UTC)` : null;
}

interface StatementCardProps {
  statement: Statement;
  /** The heading level of the card's title in its page. */
  headingLevel?: 'h2' | 'h3';
  /** Buttons under it (appeal, decide). */
  children?: ReactNode;
}

/**
 * One statement of reasons: what was done and when, the rule in the marketplace's words, the
 * operator's reason, until when, and the appeal with its outcome. The same card for the
 * person (Account notices) and for operators (a person's strikes, the appeals).
 */
export function StatementCard({ statement, headingLevel = 'h3', children }: StatementCardProps) {
  const Heading = headingLevel;
  const until = lasting(statement);
  const appeal = statement.appealState ? APPEAL_WORDS[statement.appealState] : null;
  return (
    <article className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Heading className="font-semibold">{STATEMENT_ACTION_NAMES[statement.action]}</Heading>
        <p className="text-sm text-base-content/75">{formatDateTime(statement.createdAt)}</p>
      </header>
      {appeal ? (
        <p>
          <span className={`badge badge-soft ${appeal.tone} h-auto py-0.5`}>{appeal.label}</span>
        </p>
      ) : null}
      <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-base-content/75">Rule</dt>
        <dd>{statement.ruleText}</dd>
        <dt className="text-base-content/75">Why</dt>
        <dd className="break-words whitespace-pre-line" dir="auto">
          {statement.reason}
        </dd>
        {until ? (
          <>
            <dt className="text-base-content/75">How long</dt>
            <dd>{until}</dd>
          </>
        ) : null}
        {statement.appealText ? (
          <>
            <dt className="text-base-content/75">Appeal</dt>
            <dd className="break-words whitespace-pre-line" dir="auto">
              {statement.appealText}
            </dd>
          </>
        ) : null}
        {statement.appealDecisionReason ? (
          <>
            <dt className="text-base-content/75">Outcome</dt>
            <dd className="break-words whitespace-pre-line" dir="auto">
              {statement.appealDecisionReason}
            </dd>
          </>
        ) : null}
      </dl>
      {children}
    </article>
  );
}
