import { Mail } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { NEWSLETTER_SUCCESS_MS } from '../../../../shared/constants.ts';
import type { NewsletterOutcome } from '../api/newsletter-api.ts';

type Status = { kind: 'idle' } | { kind: 'success' } | { kind: 'error'; message: string };

const INVALID_EMAIL = 'Please enter a valid email address';
/** Looks like name@domain.tld with no spaces (docs/product.md). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The input's own pattern: a top-level domain of at least 2 letters. */
const EMAIL_PATTERN = '[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}';

/**
 * The footer's newsletter block: idle → submitting → success for 3 s → idle. It posts
 * through a fetcher to the newsletter resource route (intent `subscribe`); a malformed
 * address is caught here and never posted. The field is the browser's own (uncontrolled):
 * on a server-written page, what was typed before the app took over is what is sent.
 */
export function NewsletterForm() {
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const messageId = useId();
  const fetcher = useFetcher<NewsletterOutcome>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [answered, setAnswered] = useState<NewsletterOutcome | undefined>(undefined);

  // Each answer of the action, once: success clears the field, a refusal shows its sentence.
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data && 'error' in fetcher.data) {
      setStatus({ kind: 'error', message: fetcher.data.error.message });
    } else if (fetcher.data) {
      setStatus({ kind: 'success' });
    }
  }

  useEffect(() => {
    if (status.kind !== 'success') return;
    // Sent: the field is cleared for the next address.
    if (inputRef.current) inputRef.current.value = '';
    const timer = window.setTimeout(() => setStatus({ kind: 'idle' }), NEWSLETTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = inputRef.current;
    if (fetcher.state !== 'idle') {
      event.preventDefault();
      return;
    }
    if (!input || !EMAIL_SHAPE.test(input.value.trim()) || !input.checkValidity()) {
      event.preventDefault();
      setStatus({ kind: 'error', message: INVALID_EMAIL });
      input?.focus();
      return;
    }
    setStatus({ kind: 'idle' });
  };

  const submitting = fetcher.state !== 'idle';
  const invalid = status.kind === 'error';

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-6 sm:p-8 lg:flex lg:items-center lg:justify-between lg:gap-10"
    >
      <div className="lg:max-w-md">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
          <Mail className="size-5 text-primary" aria-hidden="true" />
          Stay Updated
        </h2>
        <p className="mt-1 text-base-content/75">
          Subscribe to get updates on new tasks and features.
        </p>
      </div>
      <fetcher.Form
        method="post"
        action="/resources/newsletter"
        noValidate
        className="mt-4 w-full lg:mt-0 lg:max-w-lg"
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value="subscribe" />
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={`${messageId}-input`} className="sr-only">
            Email address
          </label>
          <input
            ref={inputRef}
            id={`${messageId}-input`}
            type="email"
            name="email"
            required
            pattern={EMAIL_PATTERN}
            autoComplete="email"
            placeholder="you@example.com"
            className={`input w-full sm:flex-1 ${invalid ? 'input-error' : ''}`}
            onChange={() => {
              if (status.kind === 'error') setStatus({ kind: 'idle' });
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={messageId}
            disabled={submitting}
          />
          <button type="submit" className="btn btn-primary sm:w-40" disabled={submitting}>
            {submitting ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            {submitting ? 'Processing...' : 'Subscribe Now'}
          </button>
        </div>
        <p id={messageId} aria-live="polite" className="mt-2 min-h-5 text-sm">
          {status.kind === 'error' ? <span className="text-error">{status.message}</span> : null}
          {status.kind === 'success' ? (
            <span className="font-medium text-success">Thank you for subscribing!</span>
          ) : null}
        </p>
      </fetcher.Form>
    </section>
  );
}
