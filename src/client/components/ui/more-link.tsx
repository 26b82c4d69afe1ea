import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface MoreLinkProps {
  /** The same screen with one more page of the list. */
  to: string;
  /** Says how many are shown, where the visible words do not. */
  'aria-label'?: string;
  children: ReactNode;
}

/** "Show more" under a list that grows in place: no scroll jump, no new history entry. */
export function MoreLink({ to, 'aria-label': label, children }: MoreLinkProps) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      className="btn btn-outline btn-sm self-start"
      aria-label={label}
    >
      {children}
    </Link>
  );
}
