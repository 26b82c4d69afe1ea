import { Spinner } from './spinner.tsx';

/** The spinner a whole screen shows while it loads. */
export function PageSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center py-16">
      <Spinner size="lg" label={label} />
    </div>
  );
}
