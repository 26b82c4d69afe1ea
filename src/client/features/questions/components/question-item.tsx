import { ModerationNotice } from '../../../components/ui/moderation-notice.tsx';
import { Eye, EyeOff, MessageSquareReply, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useFetcher } from 'react-router';
import { ANSWER_EDIT_MINUTES } from '../../../../shared/constants.ts';
import type { Question } from '../../../../shared/questions/schema.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { isFailure } from '../../../lib/action-result.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { isSubmitting } from '../../../lib/pending.ts';
import { QuestionTextForm } from './question-text-form.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

/** Hide, show or delete: one small button posting its intent for this question. */
function QuestionButton({
  question,
  intent,
  label,
  Icon,
}: {
  question: Question;
  intent: string;
  label: string;
  Icon: LucideIcon;
}) {
  const fetcher = useFetcher();
  const failure = isFailure(fetcher.data) ? fetcher.data.error : undefined;
  return (
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="questionId" value={question._id} />
      <button
        type="submit"
        className="btn btn-ghost btn-xs"
        aria-disabled={isSubmitting(fetcher) || undefined}
      >
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </button>
      {failure ? (
        <FormAlert tone="error" className="w-full">
          {failure.message}
        </FormAlert>
      ) : null}
    </fetcher.Form>
  );
}

/** One question, its answer, and what the reader may do with them. */
export function QuestionItem({
  question: q,
  ownerName,
}: {
  question: Question;
  ownerName: string;
}) {
  const [editing, setEditing] = useState(false);
  const stopEditing = useCallback(() => setEditing(false), []);
  // Answering and changing the answer post the same box.
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0"
      aria-label={`Question from ${q.asker.name}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <ProfileLink id={q.asker.id} className="link font-medium">
          {q.asker.name}
        </ProfileLink>
        <span className="text-base-content/70">{formatDateTime(q.createdAt)}</span>
        {q.hidden ? (
          <span className="badge badge-sm badge-warning gap-1">
            <EyeOff className="size-3" aria-hidden="true" />
            Hidden
          </span>
        ) : null}
      </div>
      <p dir="auto" className="whitespace-pre-line">
        {q.text}
      </p>
      <ModerationNotice notice={q.moderationNotice} />
      {q.hidden ? (
        <p className="text-sm text-base-content/70">
          {q.canHide
            ? 'Hidden: only you and the person who asked can see it.'
            : 'The poster hid this question: only you and the poster can see it.'}
        </p>
      ) : null}
      {q.answer !== null && !editing ? (
        <div className="ml-3 flex flex-col gap-1 border-l-2 border-primary/40 pl-3 sm:ml-5">
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <MessageSquareReply className="size-4 text-primary" aria-hidden="true" />
            <span className="font-medium">
              Answer from <span dir="auto">{ownerName}</span>
            </span>
            {q.answerEditedAt ? <span className="text-base-content/70">(edited)</span> : null}
          </p>
          <p dir="auto" className="whitespace-pre-line">
            {q.answer}
          </p>
          <ModerationNotice notice={q.answerModerationNotice} />
        </div>
      ) : null}
      {q.canAnswer ? (
        <details className="ml-3 sm:ml-5">
          <summary className="cursor-pointer text-sm font-medium text-primary">
            Answer this question
          </summary>
          <div className="mt-2">
            <QuestionTextForm
              intent="answer"
              questionId={q._id}
              hint={`Everyone who can see the question sees your answer. You can change it for ${ANSWER_EDIT_MINUTES} minutes.`}
            />
          </div>
        </details>
      ) : null}
      {editing ? (
        <div className="ml-3 sm:ml-5">
          <QuestionTextForm
            intent="edit-answer"
            questionId={q._id}
            defaultValue={q.answer ?? ''}
            onDone={stopEditing}
          />
        </div>
      ) : null}
      {q.canEditAnswer || q.canHide || q.canDelete ? (
        <div className="flex flex-wrap gap-2">
          {q.canEditAnswer ? (
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setEditing((e) => !e)}
            >
              <Pencil className="size-3.5" aria-hidden="true" />
              {editing ? 'Cancel' : 'Edit answer'}
            </button>
          ) : null}
          {q.canHide ? (
            <QuestionButton
              question={q}
              intent={q.hidden ? 'show' : 'hide'}
              label={q.hidden ? 'Show' : 'Hide'}
              Icon={q.hidden ? Eye : EyeOff}
            />
          ) : null}
          {q.canDelete ? (
            <QuestionButton question={q} intent="delete-question" label="Delete" Icon={Trash2} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
