import { useEffect, useRef, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { QUESTION_LIMITS } from '../../../../shared/limits.ts';
import { FieldErrorsContext, useFieldErrors } from '../../../components/ui/field-errors.ts';
import { FailureAlert, FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { isFailure } from '../../../lib/action-result.ts';
import { isSubmitting } from '../../../lib/pending.ts';

/** Each form's box and button: asking a question, answering it, changing the answer. */
const FORMS = {
  ask: {
    label: 'Ask a question',
    name: 'text',
    maxLength: QUESTION_LIMITS.text.maxLength,
    button: 'Ask',
    busyLabel: 'Asking',
  },
  answer: {
    label: 'Answer',
    name: 'answer',
    maxLength: QUESTION_LIMITS.answer.maxLength,
    button: 'Post answer',
    busyLabel: 'Posting answer',
  },
  'edit-answer': {
    label: 'Answer',
    name: 'answer',
    maxLength: QUESTION_LIMITS.answer.maxLength,
    button: 'Save answer',
    busyLabel: 'Saving answer',
  },
} as const;

interface QuestionTextFormProps {
  intent: keyof typeof FORMS;
  /** The question answered (not for asking). */
  questionId?: string;
  defaultValue?: string;
  hint?: ReactNode;
  /** After a success (e.g. to close the box it sits in). */
  onDone?: () => void;
}

/**
 * One text box and its button, posted to the task page's action through a fetcher: asking,
 * answering and changing an answer. A success empties it; the server's messages show under it.
 */
export function QuestionTextForm(props: QuestionTextFormProps) {
  const { intent, questionId } = props;
  const { label, name, maxLength, button, busyLabel } = FORMS[intent];
  const fetcher = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const failure = isFailure(fetcher.data) ? fetcher.data.error : undefined;
  const errors = useFieldErrors(failure?.issues);
  // Sent, with a word of caution about contact or payment details in it.
  const warning =
    fetcher.state === 'idle' && fetcher.data && !isFailure(fetcher.data)
      ? (fetcher.data as { warning?: string }).warning
      : undefined;
  const { onDone } = props;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || isFailure(fetcher.data)) return;
    formRef.current?.reset();
    onDone?.();
  }, [fetcher.state, fetcher.data, onDone]);
  return (
    <FieldErrorsContext value={errors}>
      <fetcher.Form ref={formRef} method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={intent} />
        {questionId ? <input type="hidden" name="questionId" value={questionId} /> : null}
        <TextareaField
          label={label}
          name={name}
          rows={3}
          required
          maxLength={maxLength}
          defaultValue={props.defaultValue}
          hint={props.hint}
        />
        <FailureAlert failure={failure} />
        {warning ? <FormAlert tone="info">{warning}</FormAlert> : null}
        <SubmitButton
          busy={isSubmitting(fetcher)}
          busyLabel={busyLabel}
          className="self-start"
          label={button}
        />
      </fetcher.Form>
    </FieldErrorsContext>
  );
}
