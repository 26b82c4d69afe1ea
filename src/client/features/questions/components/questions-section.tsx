import type { ReactNode } from 'react';
import { MoreLink } from '../../../components/ui/more-link.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import type { LoadedQuestions } from '../api/questions-api.ts';
import { QuestionItem } from './question-item.tsx';
import { QuestionTextForm } from './question-text-form.tsx';

interface QuestionsSectionProps {
  data: LoadedQuestions;
  ownerName: string;
  /** The link that loads one more page; undefined when all are shown. */
  moreHref: string | undefined;
  /** Why the questions could not be loaded, if they could not. */
  error?: string | null;
  /** Shown instead of the ask form when the viewer cannot reach the task's owner (a block). */
  askRefusal?: ReactNode;
}

/**
 * "Questions (n)" on a task's page: the ask form for everyone but the owner (or why they
 * cannot ask), then the list.
 */
export function QuestionsSection({
  data,
  ownerName,
  moreHref,
  error,
  askRefusal,
}: QuestionsSectionProps) {
  return (
    <Panel title={`Questions (${data.total})`}>
      {askRefusal ?? null}
      {data.canAsk && !askRefusal ? (
        <QuestionTextForm
          intent="ask"
          hint="Public: everyone signed in sees it. Plain text only."
        />
      ) : null}
      {error ? <p className="text-error">{error}</p> : null}
      {data.items.length === 0 && !error ? (
        <p className="text-base-content/75">
          {data.canAsk ? 'No questions yet. Ask the first one.' : 'No questions yet.'}
        </p>
      ) : (
        <ol
          className={`flex flex-col divide-y divide-base-300 ${data.canAsk ? 'border-t border-base-300 pt-4' : ''}`}
        >
          {data.items.map((q) => (
            <QuestionItem key={q._id} question={q} ownerName={ownerName} />
          ))}
        </ol>
      )}
      {moreHref ? <MoreLink to={moreHref}>Load more</MoreLink> : null}
    </Panel>
  );
}
