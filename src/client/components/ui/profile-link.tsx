import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ProfileLinkProps {
  /** The person's public id. */
  id: string;
  className?: string;
  /** Usually their name. */
  children: ReactNode;
}

/** A link to a person's public profile, /users/{id}. */
export function ProfileLink({ id, className = 'link link-hover', children }: ProfileLinkProps) {
  return (
    <Link to={`/users/${id}`} className={className}>
      {children}
    </Link>
  );
}
