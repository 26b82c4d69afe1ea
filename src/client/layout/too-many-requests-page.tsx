import { House, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { ApiError } from '../lib/api-client.ts';

interface TooManyRequestsPageProps {
  /** The refusal: its `retryAfter` is the server's `Retry-After`, in seconds. */
  error: ApiError;
}

/** "try again in 42 seconds", "in 1 second", "now"; "in a minute" when the server did not say. */
function when(seconds: number | undefined): string {
  if (seconds === undefined) return 'in a minute';
  if (seconds <= 0) return 'now';
  return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * A screen whose data the server refused with 429 (this address asked too often): how long
 * to wait, counting down, and "Try again", which loads the screen's data again.
 */
export function TooManyRequestsPage({ error }: TooManyRequestsPageProps) {
  const [left, setLeft] = useState(error.retryAfter);
  const [counting, setCounting] = useState(error);
  const revalidator = useRevalidator();
  if (counting !== error) {
    // Another refusal (after "Try again") starts its own count.
    setCounting(error);
    setLeft(error.retryAfter);
  }

  useEffect(() => {
    if (left === undefined || left <= 0) return;
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  return (
    <section className="page-container flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <title>Too many requests · TaskBid</title>
      <h1 className="max-w-xl text-3xl font-bold text-balance sm:text-4xl">
        Too many requests — try again {when(left)}
      </h1>
      <p className="mt-3 max-w-md text-base-content/75">
        TaskBid received more requests from your address than it answers in a minute. Nothing is
        lost: wait a moment, then load this page again.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state === 'loading'}
        >
          <RotateCw className="size-4" aria-hidden="true" />
          Try again
        </button>
        <Link to="/" className="btn btn-outline">
          <House className="size-4" aria-hidden="true" />
          Go to Homepage
        </Link>
      </div>
    </section>
  );
}
