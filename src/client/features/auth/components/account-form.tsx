import { useMemo, type ReactNode } from 'react';
import { Form } from 'react-router';
import type { ErrorBody } from '../../../../shared/errors.ts';
import { FieldErrorsContext, fieldErrors } from '../../../components/ui/field-errors.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton, type SubmitSpec } from '../../../components/ui/submit-button.tsx';
import { useSubmitting } from '../../../lib/pending.ts';

interface AccountFormProps {
  /** What the route action answered when it failed: its sentence above, its issues beside the fields. */
  failure: ErrorBody | null;
  submit: SubmitSpec;
  /** The fields, above the submit button. */
  children: ReactNode;
}

/** An account form posted to its route's action, with the action's failure shown. */
export function AccountForm({ failure, submit, children }: AccountFormProps) {
  const busy = useSubmitting();
  const errors = useMemo(() => fieldErrors(failure?.issues), [failure]);
  // A sentence already shown beside its field is not repeated above the form.
  const alert = failure && !Object.values(errors).includes(failure.message) ? failure : null;
  return (
    <>
      {alert ? (
        <FormAlert tone="error" className="mb-4">
          {alert.message}
        </FormAlert>
      ) : null}
      <FieldErrorsContext value={errors}>
        <Form method="post" className="flex flex-col gap-4">
          {children}
          <SubmitButton busy={busy} {...submit} className="mt-2 w-full" />
        </Form>
      </FieldErrorsContext>
    </>
  );
}
