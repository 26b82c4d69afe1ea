import { RotateCw } from 'lucide-react';
import { useAsyncError, useRevalidator } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

/**
 * A section whose data could not load (inside its `<Await errorElement>`): what happened and
 * a way to try again, which runs the page's loader again.
 */
export function LoadError({ what }: { what: string }) {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <div
      role="alert"
      className="alert alert-soft alert-error flex flex-col items-start gap-3 sm:flex-row sm:items-center"
    >
      <span>
        We could not load {what}. {errorMessage(error)}
      </span>
      <button
        type="button"
        className="btn btn-sm sm:ml-auto"
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) void revalidator.revalidate();
        }}
      >
        {retrying ? (
          <Spinner size="sm" label="Trying again" />
        ) : (
          <RotateCw className="size-4" aria-hidden="true" />
        )}
        Try again
      </button>
    </div>
  );
}
