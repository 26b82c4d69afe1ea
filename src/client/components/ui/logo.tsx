import { Link } from 'react-router';

/** The TaskBid mark and name, linking home. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight ${className}`}
    >
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M9 10h14v3.2h-5.4V24h-3.2V13.2H9z" className="fill-primary-content" />
        <circle cx="23" cy="21.5" r="2.5" className="fill-primary-content" opacity="0.7" />
      </svg>
      <span>
        Task<span className="text-primary">Bid</span>
      </span>
    </Link>
  );
}
