import { useState, type FormEvent } from 'react';
import { fieldErrors, type FieldErrors } from '../../../components/ui/field-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { authFailureMessage } from '../../../lib/auth/auth-failure.ts';

interface Failure {
  /** The sentence for the alert above the form. */
  message: string;
  /** The server's message for each field, shown beside it. */
  errors: FieldErrors;
}

/** A form field's text, trimmed or not. */
export type FormText = (name: string) => string;

/**
 * The submit flow of the account forms: `send` gets the form's values; while it runs the
 * form is busy, and a failure becomes a sentence for the form and a message per field (the
 * API's `image` is the form's `photoURL`).
 */
export function useAccountForm(send: (text: FormText) => Promise<void>) {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text: FormText = (name) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    setFailure(null);
    setSubmitting(true);
    try {
      await send(text);
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : undefined;
      setFailure({
        message: authFailureMessage(error),
        errors: fieldErrors(issues, { image: 'photoURL' }),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, failure, onSubmit };
}
