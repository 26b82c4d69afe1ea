interface SpinnerProps {
  /** Read out by screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'loading-sm', md: 'loading-md', lg: 'loading-lg' } as const;

export function Spinner({ label = 'Loading', size = 'md', className = '' }: SpinnerProps) {
  return (
    <span role="status" className={`inline-flex items-center ${className}`}>
      <span className={`loading loading-spinner text-primary ${SIZES[size]}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
