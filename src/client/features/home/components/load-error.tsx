import { RotateCw } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client.ts';

/** A section that could not load: what happened and a way to try again. */
export function LoadError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="alert alert-soft alert-error flex flex-col items-start gap-3 sm:flex-row sm:items-center"
    >
      <span>
        We could not load {what}. {errorMessage(error)}
      </span>
      <button type="button" className="btn btn-sm sm:ml-auto" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        Try again
      </button>
    </div>
  );
}
